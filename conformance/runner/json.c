/* json.c - see json.h.  RFC 8259 values; nesting is limited so that no
 * implementation's output can exhaust the runner's stack. */
#include "json.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAX_DEPTH 64

typedef struct parser {
  const char *p, *end;
  const char *err;
} parser;

static void ws(parser *ps) {
  while (ps->p < ps->end && (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\n' || *ps->p == '\r'))
    ps->p++;
}

static void free_value(jvalue *v) {
  size_t i;
  if (v->type == J_STRING)
    free((char *)v->str);
  if (v->type == J_ARRAY || v->type == J_OBJECT) {
    for (i = 0; i < v->len; i++) {
      free_value(&v->items[i]);
      if (v->type == J_OBJECT)
        free((char *)v->keys[i]);
    }
    free(v->items);
    free(v->keys);
  }
}

static int hex4(const char *s, unsigned *v) {
  unsigned i, x = 0;
  for (i = 0; i < 4; i++) {
    char c = s[i];
    x <<= 4;
    if (c >= '0' && c <= '9')
      x |= (unsigned)(c - '0');
    else if (c >= 'a' && c <= 'f')
      x |= (unsigned)(c - 'a' + 10);
    else if (c >= 'A' && c <= 'F')
      x |= (unsigned)(c - 'A' + 10);
    else
      return -1;
  }
  *v = x;
  return 0;
}

/* A string literal at ps->p (the opening quote): unescaped copy. */
static char *string(parser *ps, size_t *outlen) {
  const char *s = ++ps->p;
  char *out, *o;
  while (ps->p < ps->end && *ps->p != '"') {
    if ((unsigned char)*ps->p < 0x20)
      return ps->err = "control character in a string", NULL;
    ps->p += *ps->p == '\\' ? 2 : 1;
  }
  if (ps->p >= ps->end)
    return ps->err = "unterminated string", NULL;
  out = o = malloc((size_t)(ps->p - s) + 1);
  if (!out)
    return ps->err = "out of memory", NULL;
  while (s < ps->p) {
    if (*s != '\\') {
      *o++ = *s++;
      continue;
    }
    s++;
    switch (*s) {
    case '"': case '\\': case '/': *o++ = *s; break;
    case 'b': *o++ = '\b'; break;
    case 'f': *o++ = '\f'; break;
    case 'n': *o++ = '\n'; break;
    case 'r': *o++ = '\r'; break;
    case 't': *o++ = '\t'; break;
    case 'u': {
      unsigned u;
      if (ps->p - s < 5 || hex4(s + 1, &u) != 0) {
        free(out);
        return ps->err = "bad \\u escape", NULL;
      }
      s += 4;
      /* Kept as UTF-8 for the BMP; surrogates are kept as-is (compared,
       * never interpreted). */
      if (u < 0x80) {
        *o++ = (char)u;
      } else if (u < 0x800) {
        *o++ = (char)(0xc0 | u >> 6);
        *o++ = (char)(0x80 | (u & 0x3f));
      } else {
        *o++ = (char)(0xe0 | u >> 12);
        *o++ = (char)(0x80 | ((u >> 6) & 0x3f));
        *o++ = (char)(0x80 | (u & 0x3f));
      }
      break;
    }
    default:
      free(out);
      return ps->err = "bad escape in a string", NULL;
    }
    s++;
  }
  *o = 0;
  *outlen = (size_t)(o - out);
  ps->p++;
  return out;
}

static int value(parser *ps, jvalue *v, int depth);

static int container(parser *ps, jvalue *v, int depth, int object) {
  size_t cap = 0;
  char close = object ? '}' : ']';
  v->type = object ? J_OBJECT : J_ARRAY;
  ps->p++;
  ws(ps);
  if (ps->p < ps->end && *ps->p == close) {
    ps->p++;
    return 0;
  }
  for (;;) {
    const char *key = NULL;
    size_t klen;
    ws(ps);
    if (object) {
      if (ps->p >= ps->end || *ps->p != '"')
        return ps->err = "expected a key", -1;
      if (!(key = string(ps, &klen)))
        return -1;
      ws(ps);
      if (ps->p >= ps->end || *ps->p != ':') {
        free((char *)key);
        return ps->err = "expected ':'", -1;
      }
      ps->p++;
    }
    if (v->len == cap) {
      size_t ncap = cap ? 2 * cap : 8;
      jvalue *ni = realloc(v->items, ncap * sizeof *ni);
      const char **nk = object ? realloc((void *)v->keys, ncap * sizeof *nk) : NULL;
      if (ni)
        v->items = ni;
      if (nk)
        v->keys = nk;
      if (!ni || (object && !nk)) {
        free((char *)key);
        return ps->err = "out of memory", -1;
      }
      cap = ncap;
    }
    memset(&v->items[v->len], 0, sizeof *v->items);
    if (object)
      v->keys[v->len] = key;
    v->len++;
    if (value(ps, &v->items[v->len - 1], depth + 1) != 0)
      return -1;
    ws(ps);
    if (ps->p < ps->end && *ps->p == ',') {
      ps->p++;
      continue;
    }
    if (ps->p < ps->end && *ps->p == close) {
      ps->p++;
      return 0;
    }
    return ps->err = object ? "expected ',' or '}'" : "expected ',' or ']'", -1;
  }
}

static int literal(parser *ps, const char *word, jvalue *v, jtype t) {
  size_t n = strlen(word);
  if ((size_t)(ps->end - ps->p) < n || memcmp(ps->p, word, n) != 0)
    return ps->err = "unexpected character", -1;
  ps->p += n;
  v->type = t;
  return 0;
}

static int value(parser *ps, jvalue *v, int depth) {
  const char *s;
  if (depth > MAX_DEPTH)
    return ps->err = "nested too deeply", -1;
  ws(ps);
  if (ps->p >= ps->end)
    return ps->err = "unexpected end of input", -1;
  switch (*ps->p) {
  case '{':
    return container(ps, v, depth, 1);
  case '[':
    return container(ps, v, depth, 0);
  case '"':
    v->type = J_STRING;
    v->str = string(ps, &v->len);
    return v->str ? 0 : -1;
  case 't':
    return literal(ps, "true", v, J_TRUE);
  case 'f':
    return literal(ps, "false", v, J_FALSE);
  case 'n':
    return literal(ps, "null", v, J_NULL);
  }
  s = ps->p;
  if (ps->p < ps->end && *ps->p == '-')
    ps->p++;
  while (ps->p < ps->end && ((*ps->p >= '0' && *ps->p <= '9') || *ps->p == '.' || *ps->p == 'e' ||
                             *ps->p == 'E' || *ps->p == '+' || *ps->p == '-'))
    ps->p++;
  if (ps->p == s || (ps->p == s + 1 && *s == '-'))
    return ps->err = "unexpected character", -1;
  v->type = J_NUMBER;
  v->str = s;
  v->len = (size_t)(ps->p - s);
  return 0;
}

int json_parse(const char *text, size_t len, jdoc *doc, char *err, size_t errlen) {
  parser ps;
  ps.p = text;
  ps.end = text + len;
  ps.err = NULL;
  memset(doc, 0, sizeof *doc);
  if (value(&ps, &doc->root, 0) == 0) {
    ws(&ps);
    if (ps.p == ps.end)
      return 0;
    ps.err = "text after the value";
  }
  snprintf(err, errlen, "offset %zu: %s", (size_t)(ps.p - text), ps.err);
  free_value(&doc->root);
  memset(doc, 0, sizeof *doc);
  return -1;
}

void json_free(jdoc *doc) {
  free_value(&doc->root);
  memset(doc, 0, sizeof *doc);
}

const jvalue *json_get(const jvalue *obj, const char *key) {
  size_t i;
  if (obj->type != J_OBJECT)
    return NULL;
  for (i = 0; i < obj->len; i++)
    if (strcmp(obj->keys[i], key) == 0)
      return &obj->items[i];
  return NULL;
}

/* A short rendering of a value for a diff message. */
static void brief(const jvalue *v, char *out, size_t n) {
  static const char *names[] = {"null", "false", "true", "", "", "an array", "an object"};
  if (!v)
    snprintf(out, n, "nothing");
  else if (v->type == J_NUMBER)
    snprintf(out, n, "%.*s", (int)(v->len < 40 ? v->len : 40), v->str);
  else if (v->type == J_STRING)
    snprintf(out, n, "\"%.40s\"", v->str);
  else if (v->type == J_ARRAY || v->type == J_OBJECT)
    snprintf(out, n, "%s of %zu", names[v->type], v->len);
  else
    snprintf(out, n, "%s", names[v->type]);
}

static int skipped(const char *key, const char *const *skip) {
  for (; skip && *skip; skip++)
    if (strcmp(*skip, key) == 0)
      return 1;
  return 0;
}

/* Numbers are equal when their literals are (the canonical form prints
 * integers); -0 and 0, 1.0 and 1 differ, which the schema never needs. */
static int cmp(const jvalue *g, const jvalue *w, const char *const *skip, char *path, size_t plen,
               size_t used, char *diff, size_t difflen) {
  size_t i;
  char a[64], b[64];
  if (g->type != w->type || ((g->type == J_NUMBER || g->type == J_STRING) &&
                             (g->len != w->len || memcmp(g->str, w->str, g->len) != 0))) {
    brief(g, a, sizeof a);
    brief(w, b, sizeof b);
    snprintf(diff, difflen, "%s: got %s, want %s", used ? path : "(top)", a, b);
    return 1;
  }
  if (g->type == J_ARRAY) {
    for (i = 0; i < g->len && i < w->len; i++) {
      int n = snprintf(path + used, plen - used, "[%zu]", i);
      size_t u = used + (n > 0 && (size_t)n < plen - used ? (size_t)n : 0);
      if (cmp(&g->items[i], &w->items[i], skip, path, plen, u, diff, difflen))
        return 1;
      path[used] = 0;
    }
    if (g->len != w->len) {
      snprintf(diff, difflen, "%s: got %zu elements, want %zu", used ? path : "(top)", g->len,
               w->len);
      return 1;
    }
  }
  if (g->type == J_OBJECT) {
    /* Every wanted key, in the wanted order; then no extra keys. */
    for (i = 0; i < w->len; i++) {
      const jvalue *gv = json_get(g, w->keys[i]);
      int n = snprintf(path + used, plen - used, "%s%s", used ? "." : "", w->keys[i]);
      size_t u = used + (n > 0 && (size_t)n < plen - used ? (size_t)n : 0);
      if ((!gv || gv->type == J_NULL) && skipped(w->keys[i], skip)) {
        path[used] = 0;
        continue;
      }
      if (!gv) {
        snprintf(diff, difflen, "%s: missing", path);
        return 1;
      }
      if (cmp(gv, &w->items[i], skip, path, plen, u, diff, difflen))
        return 1;
      path[used] = 0;
    }
    for (i = 0; i < g->len; i++)
      if (!json_get(w, g->keys[i])) {
        snprintf(diff, difflen, "%s%s%s: not in the canonical form", used ? path : "",
                 used ? "." : "", g->keys[i]);
        return 1;
      }
  }
  return 0;
}

int json_compare(const jvalue *got, const jvalue *want, const char *const *skip, char *diff,
                 size_t difflen) {
  char path[512];
  path[0] = 0;
  diff[0] = 0;
  return cmp(got, want, skip, path, sizeof path, 0, diff, difflen);
}

void json_write_string(FILE *out, const char *s) {
  fputc('"', out);
  for (; *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\')
      fprintf(out, "\\%c", c);
    else if (c == '\n')
      fputs("\\n", out);
    else if (c == '\t')
      fputs("\\t", out);
    else if (c < 0x20 || c == 0x7f)
      fprintf(out, "\\u%04x", c);
    else if (c == '<')
      fputs("\\u003c", out); /* nothing can end or open an HTML <script> */
    else
      fputc(c, out);
  }
  fputc('"', out);
}
