/* SPDX-License-Identifier: MIT */
/* json.c - see json.h.  A strict RFC 8259 reader: whatever it accepts has
 * one meaning, so an implementation's output cannot pass the comparison by
 * being read loosely (a repeated key, "01", stray bytes).  Nesting is
 * limited so that no implementation's output can exhaust the runner's
 * stack. */
#include "json.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* An exponent of more significant digits is refused (an implementation
 * limit, RFC 8259 section 9) so that exponents compare exactly in 64 bits. */
#define MAX_EXP_DIGITS 18

/* Every value of a document lives in its arena: chunks taken with malloc,
 * handed out in order and freed together by json_free (a large output is
 * millions of small strings and arrays: one malloc and one free each cost
 * more than reading them). */
struct jarena {
  struct jarena *next;
  size_t size, used;
  max_align_t data[];
};
#define ARENA_MIN ((size_t)64 << 10)
#define ARENA_MAX ((size_t)32 << 20)

typedef struct parser {
  const char *text, *p, *end;
  const char *err;
  char msg[160]; /* err, when it has to name something */
  struct jarena *arena; /* the newest chunk first */
} parser;

static size_t round_up(size_t n) {
  size_t a = sizeof(max_align_t);
  return (n + a - 1) / a * a;
}

/* Chunks json_free gave back, kept for the next document (a worker parses
 * one case's outputs after another's: memory it already touched costs no
 * page fault, where fresh memory costs one a page), up to ARENA_KEEP bytes.
 * Each process has its own: the runner's workers are processes. */
#define ARENA_KEEP ((size_t)256 << 20)
static struct jarena *spare;
static size_t spare_bytes;

/* A chunk of at least size bytes: a spare one when one is that large. */
static struct jarena *chunk(size_t size) {
  struct jarena **at, *a;
  for (at = &spare; *at; at = &(*at)->next)
    if ((*at)->size >= size) {
      a = *at;
      *at = a->next;
      spare_bytes -= a->size;
      return a;
    }
  if (size > SIZE_MAX - sizeof *a || !(a = malloc(sizeof *a + size)))
    return NULL;
  a->size = size;
  return a;
}

/* n bytes from the arena (aligned for any object), or NULL. */
static void *arena_alloc(parser *ps, size_t n) {
  struct jarena *a = ps->arena;
  n = round_up(n ? n : 1);
  if (!a || a->size - a->used < n) {
    size_t size = a ? (a->size < ARENA_MAX ? a->size * 2 : ARENA_MAX) : ARENA_MIN;
    if (size < n)
      size = n;
    if (!(a = chunk(size)))
      return NULL;
    a->used = 0;
    a->next = ps->arena;
    ps->arena = a;
  }
  a->used += n;
  return (char *)a->data + a->used - n;
}

/* Grows p (old bytes, the arena's) to n bytes: in place when it is the
 * last block handed out and the chunk has room, else copied. */
static void *arena_grow(parser *ps, void *p, size_t old, size_t n) {
  struct jarena *a = ps->arena;
  void *q;
  if (p && a && (char *)p + round_up(old) == (char *)a->data + a->used &&
      a->size - a->used >= round_up(n) - round_up(old)) {
    a->used += round_up(n) - round_up(old);
    return p;
  }
  if (!(q = arena_alloc(ps, n)))
    return NULL;
  if (p)
    memcpy(q, p, old);
  return q;
}

/* The document's chunks back to the spares (the rest freed). */
static void arena_free(struct jarena *a) {
  while (a) {
    struct jarena *next = a->next;
    if (spare_bytes + a->size <= ARENA_KEEP) {
      a->next = spare;
      spare = a;
      spare_bytes += a->size;
    } else {
      free(a);
    }
    a = next;
  }
}

/* Sets the error at position at; returns -1. */
static int fail(parser *ps, const char *at, const char *msg) {
  ps->p = at;
  ps->err = msg;
  return -1;
}

static int is_digit(const char *p, const char *end) { return p < end && *p >= '0' && *p <= '9'; }

static void ws(parser *ps) {
  while (ps->p < ps->end && (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\n' || *ps->p == '\r'))
    ps->p++;
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

/* The length of the well-formed UTF-8 sequence at s[0..n), or 0 (Unicode
 * table 3-7: no overlongs, no surrogates D800-DFFF, nothing past U+10FFFF,
 * no truncated sequence). */
static size_t utf8_len(const unsigned char *s, size_t n) {
  unsigned char lo = 0x80, hi = 0xbf;
  size_t len, i;
  if (s[0] < 0x80)
    return 1;
  if (s[0] >= 0xc2 && s[0] <= 0xdf)
    len = 2;
  else if (s[0] >= 0xe0 && s[0] <= 0xef)
    len = 3, lo = s[0] == 0xe0 ? 0xa0 : 0x80, hi = s[0] == 0xed ? 0x9f : 0xbf;
  else if (s[0] >= 0xf0 && s[0] <= 0xf4)
    len = 4, lo = s[0] == 0xf0 ? 0x90 : 0x80, hi = s[0] == 0xf4 ? 0x8f : 0xbf;
  else
    return 0;
  if (n < len || s[1] < lo || s[1] > hi)
    return 0;
  for (i = 2; i < len; i++)
    if (s[i] < 0x80 || s[i] > 0xbf)
      return 0;
  return len;
}

static char *put_utf8(char *o, unsigned long cp) {
  if (cp < 0x80) {
    *o++ = (char)cp;
  } else if (cp < 0x800) {
    *o++ = (char)(0xc0 | cp >> 6);
    *o++ = (char)(0x80 | (cp & 0x3f));
  } else if (cp < 0x10000) {
    *o++ = (char)(0xe0 | cp >> 12);
    *o++ = (char)(0x80 | ((cp >> 6) & 0x3f));
    *o++ = (char)(0x80 | (cp & 0x3f));
  } else {
    *o++ = (char)(0xf0 | cp >> 18);
    *o++ = (char)(0x80 | ((cp >> 12) & 0x3f));
    *o++ = (char)(0x80 | ((cp >> 6) & 0x3f));
    *o++ = (char)(0x80 | (cp & 0x3f));
  }
  return o;
}

/* A string literal at ps->p (the opening quote): its unescaped copy, or
 * NULL with the error set. */
static char *string(parser *ps, size_t *outlen) {
  const char *s = ps->p + 1, *q = s;
  char *out, *o;
  /* The closing quote first: the unescaped text is never longer. */
  while (q < ps->end && *q != '"')
    q += *q == '\\' && q + 1 < ps->end ? 2 : 1;
  if (q >= ps->end)
    return fail(ps, ps->p, "unterminated string"), NULL;
  out = o = arena_alloc(ps, (size_t)(q - s) + 1);
  if (!out)
    return fail(ps, ps->p, "out of memory"), NULL;
  while (s < q) {
    unsigned char c = (unsigned char)*s;
    unsigned u, lo;
    size_t n;
    if (c < 0x20) {
      fail(ps, s, "control character in a string (it must be escaped)");
      goto bad;
    }
    if (c >= 0x80) {
      if (!(n = utf8_len((const unsigned char *)s, (size_t)(q - s)))) {
        fail(ps, s, "invalid UTF-8 in a string");
        goto bad;
      }
      memcpy(o, s, n);
      o += n;
      s += n;
      continue;
    }
    if (c != '\\') {
      *o++ = *s++;
      continue;
    }
    switch (s[1]) { /* s + 1 < q: the scan above kept each escape whole */
    case '"': case '\\': case '/': *o++ = s[1]; break;
    case 'b': *o++ = '\b'; break;
    case 'f': *o++ = '\f'; break;
    case 'n': *o++ = '\n'; break;
    case 'r': *o++ = '\r'; break;
    case 't': *o++ = '\t'; break;
    case 'u':
      if (q - s < 6 || hex4(s + 2, &u) != 0) {
        fail(ps, s, "bad \\u escape (four hex digits needed)");
        goto bad;
      }
      if (u >= 0xdc00 && u <= 0xdfff) {
        fail(ps, s, "unpaired surrogate escape (a low surrogate first)");
        goto bad;
      }
      if (u >= 0xd800 && u <= 0xdbff) {
        if (q - s < 12 || s[6] != '\\' || s[7] != 'u' || hex4(s + 8, &lo) != 0 || lo < 0xdc00 ||
            lo > 0xdfff) {
          fail(ps, s, "unpaired surrogate escape (a high surrogate not followed by a low one)");
          goto bad;
        }
        o = put_utf8(o, 0x10000ul + ((unsigned long)(u - 0xd800) << 10) + (lo - 0xdc00));
        s += 12;
        continue;
      }
      o = put_utf8(o, u);
      s += 6;
      continue;
    default:
      fail(ps, s, "bad escape in a string");
      goto bad;
    }
    s += 2;
  }
  *o = 0;
  *outlen = (size_t)(o - out);
  ps->p = q + 1;
  return out;
bad:
  return NULL;
}

/* s[0..len) as a short quoted, escaped rendering for a message: at most
 * max bytes of it, cut on a character boundary, with "..." when cut. */
static void render(char *out, size_t outlen, const char *s, size_t len, size_t max) {
  size_t i = 0, o = 0;
  if (outlen < 8) {
    if (outlen)
      out[0] = 0;
    return;
  }
  out[o++] = '"';
  while (i < len && i < max) {
    unsigned char c = (unsigned char)s[i];
    size_t n = c >= 0x80 ? utf8_len((const unsigned char *)s + i, len - i) : 1;
    size_t room = c < 0x20 || c == 0x7f || n == 0 ? 6 : c == '"' || c == '\\' ? 2 : n;
    if (i + (n ? n : 1) > max || o + room + 5 > outlen) /* 5: ..." and the NUL */
      break;
    if (n == 0)
      o += (size_t)snprintf(out + o, outlen - o, "\\x%02x", c), n = 1; /* never from the parser */
    else if (c < 0x20 || c == 0x7f)
      o += (size_t)snprintf(out + o, outlen - o, "\\u%04x", c);
    else if (c == '"' || c == '\\')
      out[o++] = '\\', out[o++] = (char)c;
    else
      memcpy(out + o, s + i, n), o += n;
    i += n;
  }
  if (i < len)
    out[o++] = '.', out[o++] = '.', out[o++] = '.';
  out[o++] = '"';
  out[o] = 0;
}

typedef struct keyref {
  const char *k;
  size_t len, off;
} keyref;

static int keyref_cmp(const void *a, const void *b) {
  const keyref *x = a, *y = b;
  int c;
  if (x->len != y->len)
    return x->len < y->len ? -1 : 1;
  if ((c = memcmp(x->k, y->k, x->len)) != 0)
    return c;
  return x->off < y->off ? -1 : x->off > y->off;
}

/* Refuses an object whose keys (unescaped) repeat: sorted, a repeat is a
 * neighbour; the one reported is the earliest second occurrence in the
 * text.  offs[i] is the offset of key i's opening quote. */
static int check_duplicates(parser *ps, const jvalue *v, const size_t *offs) {
  keyref *r;
  size_t i, best = 0;
  const keyref *dup = NULL;
  char name[80];
  if (v->len < 2)
    return 0;
  if (v->len <= 16) {
    /* Few keys: the earliest key equal to one before it, without sorting
     * (the same one: the earliest second occurrence in the text). */
    size_t j;
    for (i = 1; i < v->len; i++)
      for (j = 0; j < i; j++)
        if (v->keylens[i] == v->keylens[j] && memcmp(v->keys[i], v->keys[j], v->keylens[i]) == 0) {
          render(name, sizeof name, v->keys[i], v->keylens[i], 48);
          snprintf(ps->msg, sizeof ps->msg, "duplicate key %s in an object", name);
          return fail(ps, ps->text + offs[i], ps->msg);
        }
    return 0;
  }
  if (!(r = malloc(v->len * sizeof *r)))
    return fail(ps, ps->p, "out of memory");
  for (i = 0; i < v->len; i++)
    r[i].k = v->keys[i], r[i].len = v->keylens[i], r[i].off = offs[i];
  qsort(r, v->len, sizeof *r, keyref_cmp);
  for (i = 1; i < v->len; i++)
    if (r[i].len == r[i - 1].len && memcmp(r[i].k, r[i - 1].k, r[i].len) == 0 &&
        (!dup || r[i].off < best))
      dup = &r[i], best = r[i].off;
  if (dup) {
    render(name, sizeof name, dup->k, dup->len, 48);
    snprintf(ps->msg, sizeof ps->msg, "duplicate key %s in an object", name);
    free(r);
    return fail(ps, ps->text + best, ps->msg);
  }
  free(r);
  return 0;
}

static int value(parser *ps, jvalue *v, int depth);

static int container(parser *ps, jvalue *v, int depth, int object) {
  size_t cap = 0, *offs = NULL;
  int rc = -1;
  char close = object ? '}' : ']';
  v->type = object ? J_OBJECT : J_ARRAY;
  ps->p++;
  ws(ps);
  if (ps->p < ps->end && *ps->p == close) {
    ps->p++;
    return 0;
  }
  for (;;) {
    const char *key = NULL, *kat;
    size_t klen = 0;
    ws(ps);
    kat = ps->p;
    if (object) {
      if (ps->p >= ps->end || *ps->p != '"') {
        fail(ps, ps->p, ps->p >= ps->end ? "unexpected end of input (expected a key)"
                                         : "expected a key (a string)");
        goto out;
      }
      if (!(key = string(ps, &klen)))
        goto out;
      ws(ps);
      if (ps->p >= ps->end || *ps->p != ':') {
        fail(ps, ps->p, "expected ':'");
        goto out;
      }
      ps->p++;
    }
    if (v->len == cap) {
      size_t ncap = cap ? 2 * cap : 8;
      jvalue *ni;
      const char **nk;
      size_t *nl, *no;
      if (ncap > SIZE_MAX / sizeof *ni) {
        fail(ps, ps->p, "out of memory");
        goto out;
      }
      /* The items are grown last so that, alone in a chunk's tail, they
       * grow in place (an array's elements are its only blocks). */
      nk = object ? arena_grow(ps, (void *)v->keys, cap * sizeof *nk, ncap * sizeof *nk) : NULL;
      nl = object ? arena_grow(ps, v->keylens, cap * sizeof *nl, ncap * sizeof *nl) : NULL;
      no = object ? arena_grow(ps, offs, cap * sizeof *no, ncap * sizeof *no) : NULL;
      ni = arena_grow(ps, v->items, cap * sizeof *ni, ncap * sizeof *ni);
      if (ni)
        v->items = ni;
      if (nk)
        v->keys = nk;
      if (nl)
        v->keylens = nl;
      if (no)
        offs = no;
      if (!ni || (object && (!nk || !nl || !no))) {
        fail(ps, ps->p, "out of memory");
        goto out;
      }
      cap = ncap;
    }
    memset(&v->items[v->len], 0, sizeof *v->items);
    if (object) {
      v->keys[v->len] = key;
      v->keylens[v->len] = klen;
      offs[v->len] = (size_t)(kat - ps->text);
    }
    v->len++;
    if (value(ps, &v->items[v->len - 1], depth + 1) != 0)
      goto out;
    ws(ps);
    if (ps->p < ps->end && *ps->p == ',') {
      ps->p++;
      ws(ps);
      if (ps->p < ps->end && *ps->p == close) {
        fail(ps, ps->p, "a trailing ',' before the close");
        goto out;
      }
      continue;
    }
    if (ps->p < ps->end && *ps->p == close) {
      ps->p++;
      rc = object ? check_duplicates(ps, v, offs) : 0;
      goto out;
    }
    if (ps->p >= ps->end)
      fail(ps, ps->p, "unexpected end of input (an unclosed container)");
    else
      fail(ps, ps->p, object ? "expected ',' or '}'" : "expected ',' or ']'");
    goto out;
  }
out:
  return rc;
}

static int literal(parser *ps, const char *word, jvalue *v, jtype t) {
  size_t n = strlen(word);
  if ((size_t)(ps->end - ps->p) < n || memcmp(ps->p, word, n) != 0)
    return fail(ps, ps->p, "unexpected character");
  ps->p += n;
  v->type = t;
  return 0;
}

/* number = [ "-" ] int [ frac ] [ exp ] (RFC 8259 section 6), then a byte
 * that cannot continue a number. */
static int number(parser *ps, jvalue *v) {
  const char *s = ps->p, *p = s, *e = ps->end, *d;
  if (p < e && *p == '+')
    return fail(ps, p, "malformed number (a leading '+')");
  if (p < e && *p == '.')
    return fail(ps, p, "malformed number (no digit before '.')");
  if (p < e && *p == '-')
    p++;
  if (!is_digit(p, e))
    return fail(ps, p, "malformed number (no digit after '-')");
  if (*p == '0') {
    if (is_digit(++p, e))
      return fail(ps, s, "malformed number (a leading zero)");
  } else {
    while (is_digit(p, e))
      p++;
  }
  if (p < e && *p == '.') {
    if (!is_digit(++p, e))
      return fail(ps, p, "malformed number (no digit after '.')");
    while (is_digit(p, e))
      p++;
  }
  if (p < e && (*p == 'e' || *p == 'E')) {
    p++;
    if (p < e && (*p == '+' || *p == '-'))
      p++;
    if (!is_digit(p, e))
      return fail(ps, p, "malformed number (no digit in the exponent)");
    while (p < e && *p == '0')
      p++;
    for (d = p; is_digit(p, e); p++)
      ;
    if (p - d > MAX_EXP_DIGITS)
      return fail(ps, s, "number out of range (an exponent of more than 18 digits)");
  }
  if (p < e && (is_digit(p, e) || *p == '.' || *p == 'e' || *p == 'E' || *p == '+' || *p == '-'))
    return fail(ps, p, "malformed number");
  v->type = J_NUMBER;
  v->str = s;
  v->len = (size_t)(p - s);
  ps->p = p;
  return 0;
}

static int value(parser *ps, jvalue *v, int depth) {
  ws(ps);
  if (ps->p >= ps->end)
    return fail(ps, ps->p, "unexpected end of input (expected a value)");
  switch (*ps->p) {
  case '{':
  case '[':
    if (depth >= JSON_MAX_DEPTH)
      return fail(ps, ps->p, "nested too deeply (more than 64 levels)");
    return container(ps, v, depth, *ps->p == '{');
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
  case '-': case '+': case '.':
  case '0': case '1': case '2': case '3': case '4':
  case '5': case '6': case '7': case '8': case '9':
    return number(ps, v);
  }
  if ((unsigned char)*ps->p == 0xef && ps->p == ps->text)
    return fail(ps, ps->p, "unexpected character (a byte-order mark?)");
  return fail(ps, ps->p, "unexpected character");
}

int json_parse(const char *text, size_t len, jdoc *doc, char *err, size_t errlen) {
  parser ps;
  ps.text = ps.p = text;
  ps.end = text + len;
  ps.err = NULL;
  ps.arena = NULL;
  memset(doc, 0, sizeof *doc);
  if (value(&ps, &doc->root, 0) == 0) {
    ws(&ps);
    if (ps.p == ps.end) {
      doc->arena = ps.arena;
      return 0;
    }
    fail(&ps, ps.p, "text after the value");
  }
  if (err && errlen)
    snprintf(err, errlen, "offset %zu: %s", (size_t)(ps.p - text), ps.err);
  arena_free(ps.arena);
  memset(doc, 0, sizeof *doc);
  return -1;
}

void json_free(jdoc *doc) {
  arena_free(doc->arena);
  memset(doc, 0, sizeof *doc);
}

static const jvalue *get_n(const jvalue *obj, const char *key, size_t klen) {
  size_t i;
  if (!obj || obj->type != J_OBJECT)
    return NULL;
  for (i = 0; i < obj->len; i++)
    if (obj->keylens[i] == klen && memcmp(obj->keys[i], key, klen) == 0)
      return &obj->items[i];
  return NULL;
}

const jvalue *json_get(const jvalue *obj, const char *key) {
  return get_n(obj, key, strlen(key));
}

/* ---- numbers ----
 * Two numbers are equal when they denote the same mathematical value,
 * computed exactly from the decimal text (never through a double, so
 * 18446744073709551615 and 18446744073709551616 differ): 1, 1.0, 1e0,
 * 10E-1 and 0.1e1 are all equal; so are 0, -0, 0.0 and 0e9 (zero has no
 * sign in JSON's text meaning, and -0 == 0 in IEEE arithmetic too).  The
 * canonical form (decoder/JSON.md) prints integers, so an implementation
 * that prints the right value in another notation still passes, and a
 * wrong value never does. */
typedef struct num {
  int neg;
  const char *ip, *fp; /* integer and fraction digits */
  size_t il, fl;
  size_t lead, nd; /* leading zeros of ip++fp, then significant digits */
  long long exp;   /* the value is (those nd digits) * 10^exp */
} num;

static char num_digit(const num *n, size_t k) { return k < n->il ? n->ip[k] : n->fp[k - n->il]; }

static void num_read(const jvalue *v, num *n) {
  const char *p = v->str, *e = v->str + v->len;
  long long x = 0;
  int eneg = 0;
  size_t total, trail = 0;
  memset(n, 0, sizeof *n);
  if (p < e && *p == '-')
    n->neg = 1, p++;
  for (n->ip = p; p < e && *p >= '0' && *p <= '9'; p++)
    ;
  n->il = (size_t)(p - n->ip);
  n->fp = p;
  if (p < e && *p == '.') {
    for (n->fp = ++p; p < e && *p >= '0' && *p <= '9'; p++)
      ;
    n->fl = (size_t)(p - n->fp);
  }
  if (p < e && (*p == 'e' || *p == 'E')) {
    p++;
    if (p < e && (*p == '+' || *p == '-'))
      eneg = *p++ == '-';
    for (; p < e && *p >= '0' && *p <= '9'; p++)
      x = x * 10 + (*p - '0'); /* at most 18 significant digits (parser) */
  }
  total = n->il + n->fl;
  while (n->lead < total && num_digit(n, n->lead) == '0')
    n->lead++;
  while (trail < total - n->lead && num_digit(n, total - 1 - trail) == '0')
    trail++;
  n->nd = total - n->lead - trail;
  n->exp = (eneg ? -x : x) - (long long)n->fl + (long long)trail;
}

int json_number_equal(const jvalue *a, const jvalue *b) {
  num x, y;
  size_t k;
  if (a->type != J_NUMBER || b->type != J_NUMBER)
    return 0;
  num_read(a, &x);
  num_read(b, &y);
  if (x.nd == 0 || y.nd == 0)
    return x.nd == y.nd; /* zeros, whatever their sign */
  if (x.neg != y.neg || x.nd != y.nd || x.exp != y.exp)
    return 0;
  for (k = 0; k < x.nd; k++)
    if (num_digit(&x, x.lead + k) != num_digit(&y, y.lead + k))
      return 0;
  return 1;
}

/* ---- comparison ---- */

/* A short rendering of a value for a diff message. */
static void brief(const jvalue *v, char *out, size_t n) {
  static const char *names[] = {"null", "false", "true", "", "", "an array", "an object"};
  if (!v)
    snprintf(out, n, "nothing");
  else if (v->type == J_NUMBER)
    snprintf(out, n, "%.*s%s", (int)(v->len < 40 ? v->len : 40), v->str, v->len > 40 ? "..." : "");
  else if (v->type == J_STRING)
    render(out, n, v->str, v->len, 40);
  else if (v->type == J_ARRAY || v->type == J_OBJECT)
    snprintf(out, n, "%s of %zu", names[v->type], v->len);
  else
    snprintf(out, n, "%s", names[v->type]);
}

static int field_skipped(const char *key, size_t klen, const char *const *skip) {
  for (; skip && *skip; skip++)
    if (strlen(*skip) == klen && memcmp(*skip, key, klen) == 0)
      return 1;
  return 0;
}

/* The path to the value being compared: a key or an index per level,
 * rendered only when a difference is found (rendering it at every step
 * cost more than the comparison). */
typedef struct jpath {
  int n;
  struct {
    const char *key; /* NULL: an array index */
    size_t idx;
  } c[JSON_MAX_DEPTH + 2];
  char text[512]; /* the path rendered, once a difference is found */
} jpath;

/* Renders the first upto levels of st into path (plen bytes) as
 * "a.b[3].c"; returns the length used. */
static size_t render_path(const jpath *st, int upto, char *path, size_t plen) {
  size_t used = 0;
  int k;
  path[0] = 0;
  for (k = 0; k < upto; k++) {
    int n = st->c[k].key ? snprintf(path + used, plen - used, "%s%s", used ? "." : "", st->c[k].key)
                         : snprintf(path + used, plen - used, "[%zu]", st->c[k].idx);
    used += n > 0 && (size_t)n < plen - used ? (size_t)n : 0;
  }
  return used;
}

/* One walk over got and want: every difference is handed to fn (which
 * returns nonzero to stop the walk); leaves counts the scalar values
 * compared. */
typedef struct walk {
  const char *const *skip;
  jdiff_fn fn;
  void *ctx;
  size_t ndiffs, leaves;
  int stop;
  jpath st;
} walk;

static void report(walk *wk, int kind, const jvalue *g, const jvalue *w, const char *key,
                   size_t klen) {
  jdiff d;
  char a[64], b[64];
  size_t used, k, nidx = 0;
  int depth = wk->st.n;
  char *path = wk->st.text;
  const size_t plen = sizeof wk->st.text;
  wk->ndiffs++;
  if (wk->stop || !wk->fn)
    return;
  memset(&d, 0, sizeof d);
  used = render_path(&wk->st, depth, path, plen);
  if (kind == JD_EXTRA) {
    int n = snprintf(path + used, plen - used, "%s%.*s", used ? "." : "", (int)klen, key);
    used += n > 0 && (size_t)n < plen - used ? (size_t)n : 0;
  }
  for (k = 0; k < (size_t)depth && nidx < JD_MAX_IDX; k++)
    if (!wk->st.c[k].key)
      d.idx[nidx++] = wk->st.c[k].idx;
  d.nidx = nidx;
  d.path = used ? path : "(top)";
  d.kind = kind;
  d.got = g;
  d.want = w;
  brief(g, a, sizeof a);
  brief(w, b, sizeof b);
  if (kind == JD_MISSING)
    snprintf(d.text, sizeof d.text, "%s: missing", d.path);
  else if (kind == JD_EXTRA)
    snprintf(d.text, sizeof d.text, "%s: not in the canonical form", d.path);
  else if (kind == JD_LENGTH)
    snprintf(d.text, sizeof d.text, "%s: got %zu elements, want %zu", d.path, g->len, w->len);
  else
    snprintf(d.text, sizeof d.text, "%s: got %s, want %s", d.path, a, b);
  snprintf(d.got_text, sizeof d.got_text, "%s", kind == JD_MISSING ? "nothing" : a);
  snprintf(d.want_text, sizeof d.want_text, "%s", kind == JD_EXTRA ? "nothing" : b);
  if (wk->fn(&d, wk->ctx))
    wk->stop = 1;
}

static void cmp(walk *wk, const jvalue *g, const jvalue *w) {
  size_t i;
  int d = wk->st.n;
  if (wk->stop)
    return;
  if (g->type != w->type || (g->type == J_NUMBER && !json_number_equal(g, w)) ||
      (g->type == J_STRING && (g->len != w->len || memcmp(g->str, w->str, g->len) != 0))) {
    wk->leaves++;
    report(wk, JD_VALUE, g, w, NULL, 0);
    return;
  }
  if (g->type != J_ARRAY && g->type != J_OBJECT) {
    wk->leaves++;
    return;
  }
  if (d >= JSON_MAX_DEPTH + 1) /* never: the parser refuses deeper documents */
    return;
  if (g->type == J_ARRAY) {
    for (i = 0; i < g->len && i < w->len && !wk->stop; i++) {
      wk->st.c[d].key = NULL;
      wk->st.c[d].idx = i;
      wk->st.n = d + 1;
      cmp(wk, &g->items[i], &w->items[i]);
    }
    wk->st.n = d;
    if (g->len != w->len)
      report(wk, JD_LENGTH, g, w, NULL, 0);
    return;
  }
  /* Every wanted key, in the wanted order; then no extra keys.  Keys are
   * unique in both (the parser refuses repeats). */
  for (i = 0; i < w->len && !wk->stop; i++) {
    const jvalue *gv = get_n(g, w->keys[i], w->keylens[i]);
    if ((!gv || gv->type == J_NULL) && field_skipped(w->keys[i], w->keylens[i], wk->skip))
      continue;
    wk->st.c[d].key = w->keys[i];
    wk->st.n = d + 1;
    if (!gv) {
      wk->leaves++;
      report(wk, JD_MISSING, NULL, &w->items[i], NULL, 0);
    } else {
      cmp(wk, gv, &w->items[i]);
    }
  }
  wk->st.n = d;
  for (i = 0; i < g->len && !wk->stop; i++)
    if (!get_n(w, g->keys[i], g->keylens[i]))
      report(wk, JD_EXTRA, &g->items[i], NULL, g->keys[i], g->keylens[i]);
}

size_t json_diff_walk(const jvalue *got, const jvalue *want, const char *const *skip,
                      jdiff_fn fn, void *ctx, size_t *leaves) {
  static walk wk; /* a jpath is large; the runner compares one document at a time */
  memset(&wk, 0, sizeof wk);
  wk.skip = skip;
  wk.fn = fn;
  wk.ctx = ctx;
  cmp(&wk, got, want);
  if (leaves)
    *leaves = wk.leaves;
  return wk.ndiffs;
}

typedef struct first_diff {
  char *out;
  size_t n;
} first_diff;

static int keep_first(const jdiff *d, void *ctx) {
  first_diff *f = ctx;
  snprintf(f->out, f->n, "%s", d->text);
  return 1;
}

int json_compare(const jvalue *got, const jvalue *want, const char *const *skip, char *diff,
                 size_t difflen) {
  first_diff f = {diff, difflen};
  diff[0] = 0;
  return json_diff_walk(got, want, skip, keep_first, &f, NULL) != 0;
}
