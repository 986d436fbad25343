/* SPDX-License-Identifier: MIT */
/* parse.c - read corpus/cases/NAME.cases (format: corpus/CASES.md).
 *
 * A file is a sequence of entries, each starting with a `model NAME` or a
 * `case ID` line; the lines up to the next entry belong to it.  One
 * statement per line; `#` at the start of a line or after a blank starts a
 * comment.  Every error names file:line.  This file reads lines and entries;
 * the statements inside them are parsed by parse_model.c (header, vma, func,
 * row) and parse_case.c (a case's own lines and its raw overrides), which
 * report errors and read the ABI axis through parse_common.c.  It also
 * keeps the catalogue: cat_find_model, cat_check, cat_free. */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "parse.h"

#define MAX_TOKENS 64

/* ---- entries ---- */

static int valid_id(const char *s) {
  if (!*s || *s == '-')
    return 0;
  for (; *s; s++)
    if (!(islower((unsigned char)*s) || isdigit((unsigned char)*s) || *s == '-'))
      return 0;
  return 1;
}

static void finish_entry(pstate *p) {
  cat_case *c = p->kase;
  if (c) {
    int save = p->line;
    p->line = c->line;
    if (!c->title)
      cat_perr(p, "case %s: no title line", c->id);
    if (!c->clause)
      cat_perr(p, "case %s: no clause line", c->id);
    if (c->cls < 0)
      cat_perr(p, "case %s: no expect line", c->id);
    if (!c->base && c->nops == 0 && c->novs == 0)
      cat_perr(p, "case %s: no model (base, func, header) and no override", c->id);
    p->line = save;
  }
  p->model = NULL;
  p->kase = NULL;
  p->have_func = 0;
}

/* `model NAME [abis=LIST]`: a new model entry. */
static void start_model(pstate *p, char **tok, int n) {
  cat_catalogue *cat = p->cat;
  cat_model *m;
  finish_entry(p);
  if (n < 2 || n > 3 || !valid_id(tok[1])) {
    cat_perr(p, "model: expected 'model NAME [abis=LIST]' (NAME: a-z, 0-9, -)");
    return;
  }
  cat->models = cat_grow(cat->models, &cat->capmodels, cat->nmodels, sizeof *cat->models);
  m = &cat->models[cat->nmodels++];
  memset(m, 0, sizeof *m);
  m->name = cat_xstrdup(tok[1]);
  m->file = p->file;
  m->line = p->line;
  m->abis = CAT_ABI_ALL;
  if (n == 3) {
    char *list[8], *save = NULL, *a;
    int k = 0;
    if (strncmp(tok[2], "abis=", 5) != 0) {
      cat_perr(p, "model: expected abis=LIST after the name");
    } else {
      for (a = strtok_r(tok[2] + 5, ",", &save); a && k < 8; a = strtok_r(NULL, ",", &save))
        list[k++] = a;
      cat_parse_abis(p, list, k, &m->abis);
    }
  }
  p->model = m;
}

/* `case ID`: a new case entry, with the defaults of corpus/CASES.md. */
static void start_case(pstate *p, char **tok, int n) {
  cat_catalogue *cat = p->cat;
  cat_case *c;
  finish_entry(p);
  if (n != 2 || !valid_id(tok[1])) {
    cat_perr(p, "case: expected 'case ID' (ID: a-z, 0-9, -)");
    return;
  }
  cat->cases = cat_grow(cat->cases, &cat->capcases, cat->ncases, sizeof *cat->cases);
  c = &cat->cases[cat->ncases++];
  memset(c, 0, sizeof *c);
  c->id = cat_xstrdup(tok[1]);
  c->file = p->file;
  c->line = p->line;
  c->cls = -1;
  c->versions = CAT_VER_ALL;
  c->abis = CAT_ABI_ALL;
  c->endian = CAT_ENDIAN_NATIVE;
  c->pcs_mode = PCS_AUTO;
  p->kase = c;
}

/* ---- lines ---- */

static void parse_line(pstate *p, char *line) {
  char *tok[MAX_TOKENS], *s, *rest;
  int n = 0;
  size_t len;

  /* Strip a comment: '#' at the start or after a blank. */
  for (s = line; *s; s++)
    if (*s == '#' && (s == line || isspace((unsigned char)s[-1]))) {
      *s = 0;
      break;
    }
  len = strlen(line);
  while (len && isspace((unsigned char)line[len - 1]))
    line[--len] = 0;
  s = line;
  while (isspace((unsigned char)*s))
    s++;
  if (!*s)
    return;
  /* The rest of the line after the keyword, for title / clause. */
  rest = s;
  while (*rest && !isspace((unsigned char)*rest))
    rest++;
  while (isspace((unsigned char)*rest))
    rest++;
  {
    char *restcopy = cat_xstrdup(rest);
    char *save = NULL, *t;
    for (t = strtok_r(s, " \t", &save); t; t = strtok_r(NULL, " \t", &save)) {
      if (n == MAX_TOKENS) {
        cat_perr(p, "too many items on one line");
        free(restcopy);
        return;
      }
      tok[n++] = t;
    }
    if (n == 0) {
      free(restcopy);
      return;
    }
    if (strcmp(tok[0], "model") == 0) {
      start_model(p, tok, n);
    } else if (strcmp(tok[0], "case") == 0) {
      start_case(p, tok, n);
    } else if (p->kase) {
      cat_case_statement(p, tok, n, restcopy);
    } else if (p->model) {
      if (!cat_model_statement(p, tok, n))
        cat_perr(p, "unknown statement '%s' in model %s (header, vma, func, func[N], row)", tok[0],
                 p->model->name);
    } else {
      cat_perr(p, "'%s' outside of any model or case entry", tok[0]);
    }
    free(restcopy);
  }
}

int cat_load_file(cat_catalogue *cat, const char *path) {
  FILE *f = fopen(path, "r");
  pstate p;
  char *line = NULL;
  size_t cap = 0;
  char *name;
  memset(&p, 0, sizeof p);
  if (!f) {
    fprintf(stderr, "%s: error: cannot open: %s\n", path, strerror(errno));
    return -1;
  }
  name = cat_xstrdup(path);
  cat->files = cat_xrealloc(cat->files, (cat->nfiles + 1) * sizeof *cat->files);
  cat->files[cat->nfiles++] = name;
  p.cat = cat;
  p.file = name;
  while (getline(&line, &cap, f) >= 0) {
    p.line++;
    parse_line(&p, line);
  }
  p.line++;
  finish_entry(&p);
  free(line);
  fclose(f);
  return p.errors ? -1 : 0;
}

static int cmp_str(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

int cat_load_dir(cat_catalogue *cat, const char *dir) {
  DIR *d = opendir(dir);
  struct dirent *e;
  char **names = NULL;
  size_t n = 0, cap = 0, i;
  int rc = 0;
  if (!d) {
    fprintf(stderr, "%s: error: cannot open directory: %s\n", dir, strerror(errno));
    return -1;
  }
  while ((e = readdir(d)) != NULL) {
    size_t len = strlen(e->d_name);
    if (len > 6 && strcmp(e->d_name + len - 6, ".cases") == 0 && e->d_name[0] != '.') {
      char *full = cat_xcalloc(strlen(dir) + len + 2, 1);
      sprintf(full, "%s/%s", dir, e->d_name);
      names = cat_grow(names, &cap, n, sizeof *names);
      names[n++] = full;
    }
  }
  closedir(d);
  qsort(names, n, sizeof *names, cmp_str);
  for (i = 0; i < n; i++) {
    if (cat_load_file(cat, names[i]) != 0)
      rc = -1;
    free(names[i]);
  }
  free(names);
  if (n == 0) {
    fprintf(stderr, "%s: error: no .cases files\n", dir);
    rc = -1;
  }
  return rc;
}

const cat_model *cat_find_model(const cat_catalogue *cat, const char *name, int abi) {
  size_t i;
  const cat_model *any = NULL;
  for (i = 0; i < cat->nmodels; i++) {
    const cat_model *m = &cat->models[i];
    if (strcmp(m->name, name) != 0)
      continue;
    if (m->abis == CAT_ABI_ALL) {
      if (!any)
        any = m;
    } else if (m->abis & (1u << abi)) {
      return m;
    }
  }
  return any;
}

int cat_check(const cat_catalogue *cat) {
  size_t i, j;
  int errors = 0;
  for (i = 0; i < cat->ncases; i++) {
    const cat_case *c = &cat->cases[i];
    for (j = 0; j < i; j++)
      if (strcmp(cat->cases[j].id, c->id) == 0) {
        fprintf(stderr, "%s:%d: error: case %s already defined at %s:%d\n", c->file, c->line,
                c->id, cat->cases[j].file, cat->cases[j].line);
        errors++;
      }
    if (c->base) {
      int a, found = 0;
      for (a = 0; a < CAT_NABI; a++)
        if (cat_find_model(cat, c->base, a))
          found = 1;
      if (!found) {
        fprintf(stderr, "%s:%d: error: case %s: no model named '%s'\n", c->file, c->line, c->id,
                c->base);
        errors++;
      }
    }
  }
  for (i = 0; i < cat->nmodels; i++)
    for (j = 0; j < i; j++)
      if (strcmp(cat->models[i].name, cat->models[j].name) == 0 &&
          (cat->models[i].abis & cat->models[j].abis)) {
        fprintf(stderr, "%s:%d: error: model %s already defined for these ABIs at %s:%d\n",
                cat->models[i].file, cat->models[i].line, cat->models[i].name,
                cat->models[j].file, cat->models[j].line);
        errors++;
      }
  return errors ? -1 : 0;
}

void cat_free(cat_catalogue *cat) {
  size_t i, k;
  for (i = 0; i < cat->nmodels; i++) {
    free(cat->models[i].name);
    free(cat->models[i].ops);
  }
  for (i = 0; i < cat->ncases; i++) {
    cat_case *c = &cat->cases[i];
    free(c->id);
    free(c->title);
    free(c->clause);
    free(c->finding);
    free(c->base);
    free(c->ops);
    for (k = 0; k < c->novs; k++) {
      free(c->ovs[k].target);
      free(c->ovs[k].expr);
      free(c->ovs[k].bytes);
    }
    free(c->ovs);
    free(c->pcs);
    for (k = 0; k < c->nunwinds; k++) {
      size_t j;
      for (j = 0; j < c->unwinds[k].nchain; j++)
        free(c->unwinds[k].chain[j]);
      free(c->unwinds[k].chain);
      free(c->unwinds[k].beyond);
    }
    free(c->unwinds);
  }
  for (i = 0; i < cat->nfiles; i++)
    free(cat->files[i]);
  free(cat->models);
  free(cat->cases);
  free(cat->files);
  memset(cat, 0, sizeof *cat);
}
