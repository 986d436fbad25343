/* SPDX-License-Identifier: MIT */
/* vecdump - write hand-built test vectors to files, for the CLI tests and
 * the corpus.
 *   vecdump list            names, one per line, with the expected finding
 *   vecdump NAME FILE       write the vector's bytes to FILE
 *   vecdump all OUTDIR      every listed vector's bytes, OUTDIR/NAME.sframe
 *   vecdump corpus VECTORS_C OUTDIR
 *                           every vector as a corpus case (corpus/FORMAT.md,
 *                           source "vectors"): OUTDIR/NAME.sframe and
 *                           OUTDIR/NAME.expect.  VECTORS_C is
 *                           decoder/tests/vectors.c, read for the comment
 *                           that describes each vector (its title, clause
 *                           and stated class).
 * The expected class is the finding's class in the oracle's finding table
 * (sframe_ref.h), or valid; the vector's description must state the same
 * class ("Malformed (2.1.2): ...") or the case is not written.  Version, ABI
 * and byte order come from the vector's own preamble and header bytes where
 * they hold a defined value, else from its name, "v<version>-<abi>-<what>",
 * which names the layout the vector follows (corpus/FORMAT.md). */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "sfc_tools.h"
#include "sframe_ref.h"
#include "vectors.h"

static int write_bytes(const char *path, const uint8_t *bytes, size_t len) {
  FILE *f = fopen(path, "wb");
  if (!f || (len && fwrite(bytes, 1, len, f) != len)) {
    perror(path);
    if (f)
      fclose(f);
    return -1;
  }
  if (fclose(f) != 0) {
    perror(path);
    return -1;
  }
  return 0;
}

/* ---- descriptions: the comment block that opens with the vector's name ---- */

/* The whole of a text file as a string, or NULL said on stderr. */
static char *read_text(const char *path) {
  uint8_t *buf;
  size_t len;
  if (sfc_read_file(path, &buf, &len) != SFC_READ_OK) {
    perror(path);
    return NULL;
  }
  return (char *)buf; /* sfc_read_file ends it with a NUL */
}

/* Appends the words of [p, end) to d (capacity cap), one space between words. */
static void append_words(char *d, size_t cap, const char *p, const char *end) {
  size_t len = strlen(d);
  while (p < end) {
    const char *w;
    while (p < end && isspace((unsigned char)*p))
      p++;
    w = p;
    while (p < end && !isspace((unsigned char)*p))
      p++;
    if (p > w && len + 1 + (size_t)(p - w) < cap) {
      if (len)
        d[len++] = ' ';
      memcpy(d + len, w, (size_t)(p - w));
      len += (size_t)(p - w);
      d[len] = 0;
    }
  }
}

#define DESC_MAX 2048

/* Fills desc[i] with vector i's description, the comment block whose first
 * line is exactly "/" "* NAME", joined into one line.  Returns the number of
 * vectors without exactly one such block (each named on stderr). */
static int read_descriptions(char *text, char **desc) {
  char *line = text;
  size_t i;
  int bad = 0;
  while (line && *line) {
    char *eol = strchr(line, '\n'), *p = line;
    if (eol)
      *eol = 0;
    if (strncmp(p, "/* ", 3) == 0) {
      size_t nl;
      p += 3;
      nl = strlen(p);
      while (nl && isspace((unsigned char)p[nl - 1]))
        nl--;
      for (i = 0; i < test_vector_count; i++)
        if (strlen(test_vectors[i].name) == nl && strncmp(test_vectors[i].name, p, nl) == 0)
          break;
      if (i < test_vector_count) {
        int closed = 0;
        if (desc[i]) {
          fprintf(stderr, "vecdump: %s: described twice\n", test_vectors[i].name);
          bad++;
        } else if (!(desc[i] = calloc(1, DESC_MAX))) {
          fprintf(stderr, "vecdump: out of memory\n");
          return -1;
        }
        /* The block's lines: " * text", up to the one holding the close. */
        while (!closed && eol) {
          char *q, *stop;
          line = eol + 1;
          eol = strchr(line, '\n');
          if (eol)
            *eol = 0;
          q = line;
          while (*q == ' ' || *q == '\t')
            q++;
          if ((stop = strstr(q, "*/")) != NULL)
            closed = 1;
          else
            stop = q + strlen(q);
          if (*q == '*' && q != stop)
            q++;
          append_words(desc[i], DESC_MAX, q, stop);
        }
      }
    }
    line = eol ? eol + 1 : NULL;
  }
  for (i = 0; i < test_vector_count; i++)
    if (!desc[i] || !*desc[i]) {
      fprintf(stderr, "vecdump: %s: no description (a comment opening with its name)\n",
              test_vectors[i].name);
      bad++;
    }
  return bad;
}

/* The description's first sentence: up to the first full stop outside
 * parentheses that ends the text or is followed by a space. */
static void first_sentence(const char *desc, char *out, size_t n) {
  size_t i, end = strlen(desc);
  int depth = 0;
  for (i = 0; desc[i]; i++) {
    if (desc[i] == '(')
      depth++;
    else if (desc[i] == ')' && depth > 0)
      depth--;
    else if (desc[i] == '.' && depth == 0 && (desc[i + 1] == ' ' || desc[i + 1] == 0)) {
      end = i + 1;
      break;
    }
  }
  snprintf(out, n, "%.*s", (int)end, desc);
}

/* Length of a section number ("2", "2.1.3") at p, 0 if none; dotted: at
 * least one dot required. */
static size_t section_number(const char *p, int dotted) {
  size_t i = 0, dots = 0;
  if (!isdigit((unsigned char)p[0]))
    return 0;
  for (;;) {
    while (isdigit((unsigned char)p[i]))
      i++;
    if (p[i] == '.' && isdigit((unsigned char)p[i + 1])) {
      i++;
      dots++;
      continue;
    }
    break;
  }
  if (isalnum((unsigned char)p[i]) || p[i] == '_' || (dotted && dots == 0))
    return 0;
  return i;
}

/* The clause: the section number the description's class states
 * ("Invalid (2.1.3): ..."), else the first dotted section number it cites,
 * else "-". */
static void clause_of(const char *desc, char *out, size_t n) {
  const char *p = desc + strcspn(desc, " :");
  size_t len;
  if (p[0] == ' ' && p[1] == '(' && (len = section_number(p + 2, 0)) > 0) {
    snprintf(out, n, "%.*s", (int)len, p + 2);
    return;
  }
  for (p = desc; *p; p++) {
    if (p > desc && (isalnum((unsigned char)p[-1]) || p[-1] == '.' || p[-1] == '_'))
      continue;
    if ((len = section_number(p, 1)) > 0) {
      snprintf(out, n, "%.*s", (int)len, p);
      return;
    }
  }
  snprintf(out, n, "-");
}

/* ---- version, ABI and byte order ---- */

typedef struct layout {
  int version;
  const char *abi;
  int big;
} layout;

static const char *const abi_names[5] = {NULL, "aarch64-be", "aarch64-le", "amd64", "s390x"};

/* From the name "v<version>-<abi>-...", <abi> amd64, aarch64le, aarch64be or
 * s390x. */
static int layout_of_name(const char *name, layout *l) {
  static const struct {
    const char *tok, *abi;
    int big;
  } abis[] = {{"amd64-", "amd64", 0},
              {"aarch64le-", "aarch64-le", 0},
              {"aarch64be-", "aarch64-be", 1},
              {"s390x-", "s390x", 1}};
  size_t i;
  if (name[0] != 'v' || name[1] < '1' || name[1] > '3' || name[2] != '-')
    return -1;
  l->version = name[1] - '0';
  for (i = 0; i < sizeof abis / sizeof abis[0]; i++)
    if (strncmp(name + 3, abis[i].tok, strlen(abis[i].tok)) == 0) {
      l->abi = abis[i].abi;
      l->big = abis[i].big;
      return 0;
    }
  return -1;
}

/* From the bytes (2.1, 2.2): the magic 0xdee2 gives the byte order, the
 * version byte 1-3 the version, the ABI byte 1-4 the ABI; what is absent or
 * undefined keeps the name's value. */
static void layout_of_bytes(const test_vector *v, layout *l) {
  const uint8_t *b = v->bytes;
  if (v->len >= 2 && b[0] == 0xe2 && b[1] == 0xde)
    l->big = 0;
  else if (v->len >= 2 && b[0] == 0xde && b[1] == 0xe2)
    l->big = 1;
  if (v->len >= 3 && b[2] >= 1 && b[2] <= 3)
    l->version = b[2];
  if (v->len >= 5 && b[4] >= 1 && b[4] <= 4)
    l->abi = abi_names[b[4]];
}

/* The expected class of vector v: its finding's class in the finding table,
 * or valid; NULL (named on stderr) when the finding is not in the table or
 * the description states another class. */
static const char *class_of(const test_vector *v, const char *desc) {
  const char *cls = "valid";
  char stated[32];
  size_t k;
  if (v->finding) {
    sfr_status s = sfr_finding_by_name(v->finding);
    if (s == SFR_OK) {
      fprintf(stderr, "vecdump: %s: finding %s is not in the finding table\n", v->name,
              v->finding);
      return NULL;
    }
    cls = sfr_class_name(sfr_finding_class(s));
  }
  k = strcspn(desc, " :");
  snprintf(stated, sizeof stated, "%.*s", (int)k, desc);
  for (k = 0; stated[k]; k++)
    stated[k] = (char)tolower((unsigned char)stated[k]);
  if (strcmp(stated, cls) != 0) {
    fprintf(stderr, "vecdump: %s: the description says %s, the finding %s is %s\n", v->name,
            stated, v->finding ? v->finding : "(none)", cls);
    return NULL;
  }
  return cls;
}

static int write_case(const test_vector *v, const char *desc, const char *cls,
                      const char *outdir) {
  char path[4096], title[DESC_MAX], clause[64];
  layout l;
  FILE *f;
  if (layout_of_name(v->name, &l) != 0)
    return -1; /* checked before */
  layout_of_bytes(v, &l);
  first_sentence(desc, title, sizeof title);
  clause_of(desc, clause, sizeof clause);
  snprintf(path, sizeof path, "%s/%s.sframe", outdir, v->name);
  if (write_bytes(path, v->bytes, v->len) != 0)
    return -1;
  snprintf(path, sizeof path, "%s/%s.expect", outdir, v->name);
  if (!(f = fopen(path, "w"))) {
    perror(path);
    return -1;
  }
  fprintf(f, "id: vec-%s\ncase: %s\ntitle: %s\nclause: %s\nclass: %s\nfinding: %s\n", v->name,
          v->name, title, clause, cls, v->finding ? v->finding : "-");
  fprintf(f, "version: %d\nabi: %s\nendian: %s\nvma: 0x%llx\nsource: vectors\npcs:\n",
          l.version, l.abi, l.big ? "big" : "little", (unsigned long long)v->vma);
  if (fclose(f) != 0) {
    perror(path);
    return -1;
  }
  return 0;
}

/* A vector whose finding is about how it was validated, not about its
 * bytes: checks-skipped is what validation without scratch memory says,
 * and every tool validates with scratch.  The unit test checks it; it is
 * not listed, and not a corpus case. */
static int about_validation(const test_vector *v) {
  return v->finding && strcmp(v->finding, "checks-skipped") == 0;
}

/* Every vector checked first (description, class, name); nothing is written
 * unless all are right. */
static int write_corpus(const char *vectors_c, const char *outdir) {
  char *text = read_text(vectors_c), **desc;
  const char **cls;
  size_t i;
  int bad, desc_ok, rc = 0;
  if (!text)
    return 2;
  desc = calloc(test_vector_count, sizeof *desc);
  cls = calloc(test_vector_count, sizeof *cls);
  if (!desc || !cls) {
    fprintf(stderr, "vecdump: out of memory\n");
    return 2;
  }
  bad = read_descriptions(text, desc);
  free(text);
  if (bad < 0)
    return 2;
  desc_ok = bad == 0;
  for (i = 0; desc_ok && i < test_vector_count; i++) {
    layout l;
    if (!(cls[i] = class_of(&test_vectors[i], desc[i]))) {
      bad++;
    } else if (layout_of_name(test_vectors[i].name, &l) != 0) {
      fprintf(stderr, "vecdump: %s: name is not v<1-3>-<abi>-<what>\n", test_vectors[i].name);
      bad++;
    }
  }
  if (bad) {
    rc = 1;
  } else if (mkdir(outdir, 0777) != 0 && errno != EEXIST) {
    perror(outdir);
    rc = 2;
  } else {
    size_t written = 0;
    for (i = 0; rc == 0 && i < test_vector_count; i++) {
      if (about_validation(&test_vectors[i]))
        continue;
      if (write_case(&test_vectors[i], desc[i], cls[i], outdir) != 0)
        rc = 2;
      written++;
    }
    if (rc == 0)
      printf("vecdump: %zu vectors written to %s\n", written, outdir);
  }
  for (i = 0; i < test_vector_count; i++)
    free(desc[i]);
  free(desc);
  free(cls);
  return rc;
}

/* vecdump all OUTDIR: every listed vector's bytes in OUTDIR/NAME.sframe
 * (one run for a suite that reads them all). */
static int write_all(const char *outdir) {
  size_t i;
  if (mkdir(outdir, 0777) != 0 && errno != EEXIST) {
    perror(outdir);
    return 2;
  }
  for (i = 0; i < test_vector_count; i++) {
    char path[4096];
    if (about_validation(&test_vectors[i]))
      continue;
    if (snprintf(path, sizeof path, "%s/%s.sframe", outdir, test_vectors[i].name) >=
        (int)sizeof path) {
      fprintf(stderr, "vecdump: %s: path too long\n", outdir);
      return 2;
    }
    if (write_bytes(path, test_vectors[i].bytes, test_vectors[i].len) != 0)
      return 2;
  }
  return 0;
}

int main(int argc, char **argv) {
  size_t i;
  test_vectors_build();
  if (argc == 2 && strcmp(argv[1], "list") == 0) {
    for (i = 0; i < test_vector_count; i++)
      if (!about_validation(&test_vectors[i]))
        printf("%s %s 0x%llx\n", test_vectors[i].name,
             test_vectors[i].finding ? test_vectors[i].finding : "valid",
             (unsigned long long)test_vectors[i].vma);
    return 0;
  }
  if (argc == 4 && strcmp(argv[1], "corpus") == 0)
    return write_corpus(argv[2], argv[3]);
  if (argc == 3 && strcmp(argv[1], "all") == 0)
    return write_all(argv[2]);
  if (argc != 3) {
    fprintf(stderr, "usage: vecdump list | vecdump NAME FILE | vecdump all OUTDIR | "
                    "vecdump corpus VECTORS_C OUTDIR\n");
    return 2;
  }
  for (i = 0; i < test_vector_count; i++)
    if (strcmp(test_vectors[i].name, argv[1]) == 0)
      return write_bytes(argv[2], test_vectors[i].bytes, test_vectors[i].len) == 0 ? 0 : 2;
  fprintf(stderr, "vecdump: no vector named %s\n", argv[1]);
  return 2;
}
