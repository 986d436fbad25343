/* SPDX-License-Identifier: MIT */
/* json_test.c - unit tests of the conformance runner's JSON reader and
 * comparison (conformance/runner/json.c), as TAP on stdout.
 *
 * Every input is copied into a heap block of exactly its length (no NUL
 * after it), so a read past the end is caught by ASan or valgrind.  Each
 * expectation comes from RFC 8259 and Unicode's table of well-formed UTF-8
 * (3-7), or from json.h's documented rules, never from the code's output. */
#include "json.h"
/* The writer of the runner's JSON (by its path: this test's rule in
 * conformance.mk compiles with -Iconformance/runner only). */
#include "../../common/sfc_json.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int ntest, nfail;

static void ok(int cond, const char *fmt, const char *a, const char *b) {
  ntest++;
  if (!cond)
    nfail++;
  printf("%s %d - ", cond ? "ok" : "not ok", ntest);
  printf(fmt, a, b);
  putchar('\n');
  fflush(stdout);
}

/* A heap copy of exactly len bytes. */
static char *dup_exact(const char *s, size_t len) {
  char *p = malloc(len ? len : 1);
  if (!p) {
    puts("Bail out! out of memory");
    exit(1);
  }
  memcpy(p, s, len);
  return p;
}

/* Printable form of an input for a test name. */
static const char *show(const char *s, size_t len) {
  static char buf[8][96];
  static int k;
  char *o = buf[k = (k + 1) % 8];
  size_t i, n = 0;
  for (i = 0; i < len && n + 8 < sizeof buf[0]; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c < 0x20 || c >= 0x7f || c == '#')
      n += (size_t)snprintf(o + n, sizeof buf[0] - n, "\\x%02x", c);
    else
      o[n++] = (char)c;
  }
  if (i < len)
    o[n++] = '.', o[n++] = '.', o[n++] = '.';
  o[n] = 0;
  return o;
}

/* Parses; the caller frees with json_free and free(*keep). */
static int parse(const char *s, size_t len, jdoc *d, char **keep, char *err, size_t errlen) {
  *keep = dup_exact(s, len);
  err[0] = 0;
  return json_parse(*keep, len, d, err, errlen);
}

/* The same for a NUL-ended text (err: an array of 200). */
#define parse_s(s, d, keep, err) parse(s, strlen(s), d, keep, err, 200)

typedef struct bad {
  const char *in;
  size_t len;
  const char *err; /* a part of the message */
} bad;
#define B(lit, e) {lit, sizeof lit - 1, e}

static const bad rejected[] = {
  /* duplicate keys, also when the repeat is spelled with escapes */
  B("{\"size\":16,\"size\":999}", "duplicate key \"size\""),
  B("{\"size\":16,\"size\":16}", "duplicate key \"size\""),
  B("{\"a\":{\"b\":1,\"c\":2,\"b\":3}}", "duplicate key \"b\""),
  B("{\"a\":1,\"\\u0061\":2}", "duplicate key \"a\""),
  B("{\"\\u00e9\":1,\"\xc3\xa9\":2}", "duplicate key \"\xc3\xa9\""),
  B("[{\"x\":1},{\"x\":1,\"y\":2,\"x\":3}]", "duplicate key \"x\""),
  /* numbers */
  B("01", "leading zero"),
  B("-01", "leading zero"),
  B("00", "leading zero"),
  B("[007]", "leading zero"),
  B("1-2", "malformed number"),
  B("1.", "no digit after '.'"),
  B("1.e5", "no digit after '.'"),
  B(".5", "no digit before '.'"),
  B("+1", "leading '+'"),
  B("-", "no digit after '-'"),
  B("-a", "no digit after '-'"),
  B("- 1", "no digit after '-'"),
  B("1e", "no digit in the exponent"),
  B("1e+", "no digit in the exponent"),
  B("1E-", "no digit in the exponent"),
  B("[1e]", "no digit in the exponent"),
  B("1.5.3", "malformed number"),
  B("1e5e5", "malformed number"),
  B("1e5.5", "malformed number"),
  B("0x10", "text after the value"),
  B("[1,0x10]", "expected ',' or ']'"),
  B("1e1234567890123456789", "exponent of more than 18 digits"),
  B("NaN", "unexpected character"),
  B("-Infinity", "no digit after '-'"),
  B("Infinity", "unexpected character"),
  /* ill-formed UTF-8 (Unicode table 3-7) inside a string */
  B("\"\xc0\xaf\"", "invalid UTF-8"),             /* overlong '/' */
  B("\"\xc1\xbf\"", "invalid UTF-8"),             /* overlong, 2 bytes */
  B("\"\xe0\x80\xaf\"", "invalid UTF-8"),         /* overlong, 3 bytes */
  B("\"\xe0\x9f\xbf\"", "invalid UTF-8"),         /* overlong U+07FF */
  B("\"\xf0\x80\x80\xaf\"", "invalid UTF-8"),     /* overlong, 4 bytes */
  B("\"\xf0\x8f\xbf\xbf\"", "invalid UTF-8"),     /* overlong U+FFFF */
  B("\"\xed\xa0\x80\"", "invalid UTF-8"),         /* U+D800 in UTF-8 */
  B("\"\xed\xbf\xbf\"", "invalid UTF-8"),         /* U+DFFF in UTF-8 */
  B("\"\xed\xa0\xbd\xed\xb8\x80\"", "invalid UTF-8"), /* CESU-8 pair */
  B("\"\xf4\x90\x80\x80\"", "invalid UTF-8"),     /* U+110000 */
  B("\"\xf5\x80\x80\x80\"", "invalid UTF-8"),     /* byte F5 */
  B("\"\xf8\x88\x80\x80\x80\"", "invalid UTF-8"), /* 5-byte form */
  B("\"\xfe\"", "invalid UTF-8"),
  B("\"\xff\"", "invalid UTF-8"),
  B("\"\x80\"", "invalid UTF-8"),                 /* lone continuation */
  B("\"a\xbf\"", "invalid UTF-8"),
  B("\"\xc3\"", "invalid UTF-8"),                 /* truncated, 2 bytes */
  B("\"\xe2\x82\"", "invalid UTF-8"),             /* truncated, 3 bytes */
  B("\"\xf0\x9f\x98\"", "invalid UTF-8"),         /* truncated, 4 bytes */
  B("\"\xe2\x82x\"", "invalid UTF-8"),            /* continuation missing */
  B("{\"\xff\":1}", "invalid UTF-8"),             /* in a key */
  /* \u escapes of surrogates that do not pair */
  B("\"\\ud800\"", "unpaired surrogate"),
  B("\"\\udbff\"", "unpaired surrogate"),
  B("\"\\udc00\"", "unpaired surrogate"),
  B("\"\\ude00\\ud83d\"", "unpaired surrogate"),   /* the wrong order */
  B("\"\\ud83dx\"", "unpaired surrogate"),
  B("\"\\ud83d\\n\"", "unpaired surrogate"),
  B("\"\\ud83d\\ud83d\"", "unpaired surrogate"),   /* two high ones */
  B("\"\\ud83d\\u0041\"", "unpaired surrogate"),
  B("\"\\ud83d\\ude0\"", "unpaired surrogate"),    /* short second escape */
  B("\"\\ud83d\"", "unpaired surrogate"),
  /* other escapes */
  B("\"\\u12\"", "bad \\u escape"),
  B("\"\\u12g4\"", "bad \\u escape"),
  B("\"\\U0041\"", "bad escape"),
  B("\"\\x41\"", "bad escape"),
  B("\"\\a\"", "bad escape"),
  B("\"\\'\"", "bad escape"),
  B("\"\\", "unterminated string"),
  B("\"\\\"", "unterminated string"),
  B("\"abc", "unterminated string"),
  /* control characters in a string (DEL is allowed, below) */
  B("\"a\nb\"", "control character"),
  B("\"\t\"", "control character"),
  B("\"\x01\"", "control character"),
  B("\"\x1f\"", "control character"),
  B("\"a\0b\"", "control character"),
  B("{\"a\nb\":1}", "control character"),
  /* text after the value, and what is not JSON at all */
  B("{} {}", "text after the value"),
  B("{}x", "text after the value"),
  B("[1]]", "text after the value"),
  B("1 2", "text after the value"),
  B("true false", "text after the value"),
  B("truex", "text after the value"),
  B("null\0", "text after the value"),
  B("\"a\"\"b\"", "text after the value"),
  B("", "unexpected end of input"),
  B("   \n", "unexpected end of input"),
  B("[", "unexpected end of input"),
  B("[1", "unexpected end of input"),
  B("[1,", "unexpected end of input"),
  B("{", "unexpected end of input"),
  B("{\"a\"", "expected ':'"),
  B("{\"a\":", "unexpected end of input"),
  B("{\"a\":1", "unexpected end of input"),
  B("{\"a\" 1}", "expected ':'"),
  B("{a:1}", "expected a key"),
  B("{1:1}", "expected a key"),
  B("{'a':1}", "expected a key"),
  B("[1,]", "trailing ','"),
  B("{\"a\":1,}", "trailing ','"),
  B("[,1]", "unexpected character"),
  B("[1 2]", "expected ',' or ']'"),
  B("{\"a\":1 \"b\":2}", "expected ',' or '}'"),
  B("[1}", "expected ',' or ']'"),
  B("{\"a\":1]", "expected ',' or '}'"),
  B("tru", "unexpected character"),
  B("nul", "unexpected character"),
  B("True", "unexpected character"),
  B("'a'", "unexpected character"),
  B("\xef\xbb\xbf{}", "byte-order mark"),
  B("\x0c{}", "unexpected character"),         /* form feed is no JSON space */
  B("\xc2\xa0{}", "unexpected character"),     /* nor is U+00A0 */
  B("{}\v", "text after the value"),
  B("/* c */ {}", "unexpected character"),
};

typedef struct good {
  const char *in;
  size_t len;
  jtype type;
  const char *str; /* J_STRING: the unescaped bytes; J_NUMBER: the literal */
  size_t slen;
} good;
#define G(lit, t, s) {lit, sizeof lit - 1, t, s, sizeof s - 1}

static const good accepted[] = {
  G("null", J_NULL, ""),
  G("true", J_TRUE, ""),
  G("false", J_FALSE, ""),
  G(" \t\r\n null \t\r\n", J_NULL, ""),
  G("0", J_NUMBER, "0"),
  G("-0", J_NUMBER, "-0"),
  G("7", J_NUMBER, "7"),
  G("-12", J_NUMBER, "-12"),
  G("0.5", J_NUMBER, "0.5"),
  G("-0.0", J_NUMBER, "-0.0"),
  G("1e5", J_NUMBER, "1e5"),
  G("1E+5", J_NUMBER, "1E+5"),
  G("1e-005", J_NUMBER, "1e-005"),
  G("2.5e0", J_NUMBER, "2.5e0"),
  G("0e0", J_NUMBER, "0e0"),
  G("18446744073709551615", J_NUMBER, "18446744073709551615"),
  G("-9223372036854775809", J_NUMBER, "-9223372036854775809"),
  G("123456789012345678901234567890123456789", J_NUMBER, "123456789012345678901234567890123456789"),
  G("1e999999999999999999", J_NUMBER, "1e999999999999999999"),
  G("1e-0000000000000000000000999", J_NUMBER, "1e-0000000000000000000000999"),
  G("4.9406564584124654e-324", J_NUMBER, "4.9406564584124654e-324"),
  G("\"\"", J_STRING, ""),
  G("\"abc\"", J_STRING, "abc"),
  G("\"\\\"\"", J_STRING, "\""),
  G("\"\\\\\"", J_STRING, "\\"),
  G("\"\\/\"", J_STRING, "/"),
  G("\"/\"", J_STRING, "/"),
  G("\"\\b\"", J_STRING, "\b"),
  G("\"\\f\"", J_STRING, "\f"),
  G("\"\\n\"", J_STRING, "\n"),
  G("\"\\r\"", J_STRING, "\r"),
  G("\"\\t\"", J_STRING, "\t"),
  G("\"\\u0041\"", J_STRING, "A"),
  G("\"\\u0000\"", J_STRING, "\0"),
  G("\"a\\u0000b\"", J_STRING, "a\0b"),
  G("\"\\u001f\"", J_STRING, "\x1f"),
  G("\"\\u007f\"", J_STRING, "\x7f"),
  G("\"\\u0080\"", J_STRING, "\xc2\x80"),
  G("\"\\u00e9\\u00E9\"", J_STRING, "\xc3\xa9\xc3\xa9"),
  G("\"\\u07ff\"", J_STRING, "\xdf\xbf"),
  G("\"\\u0800\"", J_STRING, "\xe0\xa0\x80"),
  G("\"\\u20ac\"", J_STRING, "\xe2\x82\xac"),
  G("\"\\uffff\"", J_STRING, "\xef\xbf\xbf"),
  G("\"\\ud800\\udc00\"", J_STRING, "\xf0\x90\x80\x80"),
  G("\"\\ud83d\\ude00\"", J_STRING, "\xf0\x9f\x98\x80"),
  G("\"\\uDBFF\\uDFFF\"", J_STRING, "\xf4\x8f\xbf\xbf"),
  G("\"\\\"\\\\\\/\\b\\f\\n\\r\\t\\u0041\"", J_STRING, "\"\\/\b\f\n\r\tA"),
  G("\"\x7f\"", J_STRING, "\x7f"),
  G("\"\xc2\x80\"", J_STRING, "\xc2\x80"),
  G("\"\xdf\xbf\"", J_STRING, "\xdf\xbf"),
  G("\"\xe0\xa0\x80\"", J_STRING, "\xe0\xa0\x80"),
  G("\"\xed\x9f\xbf\"", J_STRING, "\xed\x9f\xbf"),   /* U+D7FF */
  G("\"\xee\x80\x80\"", J_STRING, "\xee\x80\x80"),   /* U+E000 */
  G("\"\xef\xbf\xbe\"", J_STRING, "\xef\xbf\xbe"),   /* U+FFFE, a noncharacter */
  G("\"\xf0\x90\x80\x80\"", J_STRING, "\xf0\x90\x80\x80"),
  G("\"\xf4\x8f\xbf\xbf\"", J_STRING, "\xf4\x8f\xbf\xbf"), /* U+10FFFF */
  G("\"<script>\"", J_STRING, "<script>"),
  G("[]", J_ARRAY, ""),
  G("[ ]", J_ARRAY, ""),
  G("{}", J_OBJECT, ""),
  G("{ \n}", J_OBJECT, ""),
};

static void test_rejected(void) {
  size_t i;
  for (i = 0; i < sizeof rejected / sizeof *rejected; i++) {
    jdoc d;
    char *keep, err[200];
    int rc = parse(rejected[i].in, rejected[i].len, &d, &keep, err, sizeof err);
    ok(rc == -1 && strncmp(err, "offset ", 7) == 0 && strstr(err, rejected[i].err) != NULL,
       "rejects %s (%s)", show(rejected[i].in, rejected[i].len), rc ? err : "accepted");
    ok(d.root.type == J_NULL && d.root.len == 0 && d.root.items == NULL,
       "a refused parse leaves an empty document (%s)%s", show(rejected[i].in, rejected[i].len),
       "");
    json_free(&d);
    free(keep);
  }
}

static void test_accepted(void) {
  size_t i;
  for (i = 0; i < sizeof accepted / sizeof *accepted; i++) {
    const good *g = &accepted[i];
    jdoc d;
    char *keep, err[200];
    int rc = parse(g->in, g->len, &d, &keep, err, sizeof err), same = 0;
    if (rc == 0 && d.root.type == g->type) {
      if (g->type == J_STRING)
        same = d.root.len == g->slen && memcmp(d.root.str, g->str, g->slen) == 0 &&
               d.root.str[d.root.len] == 0;
      else if (g->type == J_NUMBER)
        same = d.root.len == g->slen && memcmp(d.root.str, g->str, g->slen) == 0;
      else
        same = d.root.len == 0;
    }
    ok(same, "accepts %s %s", show(g->in, g->len), rc ? err : "");
    json_free(&d);
    free(keep);
  }
}

/* A text that is not NUL-ended is read only to its length. */
static void test_bounds(void) {
  jdoc d;
  char *keep, err[200];
  int rc = parse("[1]garbage", 3, &d, &keep, err, sizeof err);
  ok(rc == 0 && d.root.type == J_ARRAY && d.root.len == 1, "reads only len bytes %s%s", "", "");
  json_free(&d);
  free(keep);
  rc = parse("123456", 3, &d, &keep, err, sizeof err);
  ok(rc == 0 && d.root.len == 3 && memcmp(d.root.str, "123", 3) == 0,
     "a number ends at len %s%s", "", "");
  json_free(&d);
  free(keep);
  rc = parse("\"\\u00e9\"", 6, &d, &keep, err, sizeof err);
  ok(rc == -1 && strstr(err, "unterminated string"), "an escape cut at len: %s%s", err, "");
  json_free(&d);
  free(keep);
  rc = json_parse("1", 1, &d, NULL, 0);
  ok(rc == 0, "err may be NULL %s%s", "", "");
  json_free(&d);
  rc = json_parse("01", 2, &d, NULL, 0);
  ok(rc == -1, "err may be NULL on an error %s%s", "", "");
  json_free(&d);
}

/* Error offsets point at the fault. */
static void test_offsets(void) {
  static const struct {
    const char *in, *want;
  } t[] = {
    {"{\"size\":16,\"size\":999}", "offset 11: duplicate key \"size\" in an object"},
    {"[1,2,01]", "offset 5: malformed number (a leading zero)"},
    {"[\"ok\",\"\xed\xa0\x80\"]", "offset 7: invalid UTF-8 in a string"},
    {"[\"a\\ud800\"]", "offset 3: unpaired surrogate escape (a high surrogate not followed by a low one)"},
    {"{\"a\":[1,2]} x", "offset 12: text after the value"},
  };
  size_t i;
  for (i = 0; i < sizeof t / sizeof *t; i++) {
    jdoc d;
    char *keep, err[200];
    parse(t[i].in, strlen(t[i].in), &d, &keep, err, sizeof err);
    ok(strcmp(err, t[i].want) == 0, "error message \"%s\" (got \"%s\")", t[i].want, err);
    json_free(&d);
    free(keep);
  }
}

/* Big objects: the repeat is found among many keys, and reported where it
 * first occurs; many distinct keys (also differing only after a NUL) pass. */
static void test_many_keys(void) {
  size_t cap = 1 << 20, n = 0, i, at = 0;
  char *buf = malloc(cap), *keep, err[200], want[64];
  jdoc d;
  int rc;
  if (!buf)
    exit(1);
  buf[n++] = '{';
  for (i = 0; i < 5000; i++)
    n += (size_t)sprintf(buf + n, "%s\"k%zu\":%zu", i ? "," : "", i, i);
  buf[n++] = '}';
  rc = parse(buf, n, &d, &keep, err, sizeof err);
  ok(rc == 0 && d.root.type == J_OBJECT && d.root.len == 5000 && json_get(&d.root, "k4999") &&
         json_get(&d.root, "k4999")->len == 4 && !json_get(&d.root, "k5000"),
     "5000 distinct keys: accepted %s%s", err, "");
  json_free(&d);
  free(keep);
  /* the same with repeats of k17 and of k3: the earlier repeat is named */
  n--;
  for (i = 0; i < 3; i++) {
    if (i == 1)
      at = n + 1;
    n += (size_t)sprintf(buf + n, ",\"%s\":%zu", i == 0 ? "x" : i == 1 ? "k17" : "k3", i);
  }
  buf[n++] = '}';
  rc = parse(buf, n, &d, &keep, err, sizeof err);
  snprintf(want, sizeof want, "offset %zu: duplicate key \"k17\"", at);
  ok(rc == -1 && strncmp(err, want, strlen(want)) == 0, "5000 keys and two repeats: %s (want %s)",
     err, want);
  json_free(&d);
  free(keep);
  free(buf);
  rc = parse_s("{\"a\\u0000b\":1,\"a\\u0000c\":2,\"a\":3}", &d, &keep, err);
  ok(rc == 0 && d.root.len == 3 && d.root.keylens[0] == 3 && d.root.keylens[2] == 1 &&
         json_get(&d.root, "a") == &d.root.items[2],
     "keys that differ after a \\u0000 are distinct %s%s", err, "");
  json_free(&d);
  free(keep);
  rc = parse_s("{\"a\\u0000\":1,\"a\\u0000\":2}", &d, &keep, err);
  ok(rc == -1 && strstr(err, "duplicate key \"a\\u0000\""), "a repeated key holding a NUL: %s%s",
     err, "");
  json_free(&d);
  free(keep);
  rc = parse_s("{\"A\":1,\"a\":2,\"a \":3,\" a\":4}", &d, &keep, err);
  ok(rc == 0 && d.root.len == 4, "keys differing in case or spaces are distinct %s%s", err, "");
  json_free(&d);
  free(keep);
}

static void test_nesting(void) {
  size_t n = 100000, i;
  char *buf = malloc(6 * n), *keep, err[200];
  jdoc d;
  int rc;
  if (!buf)
    exit(1);
  memset(buf, '[', n);
  rc = parse(buf, n, &d, &keep, err, sizeof err);
  ok(rc == -1 && strstr(err, "nested too deeply"), "100000 '[': refused, no overflow: %s%s", err,
     "");
  json_free(&d);
  free(keep);
  for (i = 0; i < n; i++)
    buf[i] = i % 2 ? '[' : '{';
  rc = parse(buf, n, &d, &keep, err, sizeof err);
  ok(rc == -1 && strstr(err, "expected a key"), "'{[{[...': refused at the first key: %s%s", err,
     "");
  json_free(&d);
  free(keep);
  n = 0;
  for (i = 0; i < 100000; i++)
    n += (size_t)sprintf(buf + n, "{\"a\":");
  rc = parse(buf, n, &d, &keep, err, sizeof err);
  ok(rc == -1 && strstr(err, "nested too deeply"), "100000 '{\"a\":': refused: %s%s", err, "");
  json_free(&d);
  free(keep);
  free(buf);

  /* exactly JSON_MAX_DEPTH levels pass, one more does not */
  buf = malloc(2 * JSON_MAX_DEPTH + 8);
  if (!buf)
    exit(1);
  for (n = JSON_MAX_DEPTH; n <= JSON_MAX_DEPTH + 1; n++) {
    const jvalue *v;
    size_t depth = 0;
    memset(buf, '[', n);
    buf[n] = '7';
    memset(buf + n + 1, ']', n);
    rc = parse(buf, 2 * n + 1, &d, &keep, err, sizeof err);
    for (v = &d.root; rc == 0 && v->type == J_ARRAY && v->len == 1; v = &v->items[0])
      depth++;
    if (n == JSON_MAX_DEPTH)
      ok(rc == 0 && depth == n && v->type == J_NUMBER, "%s levels of arrays: accepted %s",
         "JSON_MAX_DEPTH", err);
    else
      ok(rc == -1 && strstr(err, "nested too deeply"), "%s + 1 levels: refused: %s",
         "JSON_MAX_DEPTH", err);
    json_free(&d);
    free(keep);
  }
  free(buf);
}

/* A nested document: every part where it should be. */
static void test_structure(void) {
  static const char text[] =
      "{\"schema\":\"s/1\",\"functions\":[{\"index\":0,\"start\":\"0x401000\",\"size\":25,"
      "\"signal\":false,\"fres\":[{\"start\":0,\"rules\":{\"cfa\":{\"base\":\"sp\",\"offset\":8},"
      "\"ra\":null}},{\"start\":4,\"rules\":{}}]},{\"index\":1,\"fres\":[]}],\"flags\":[],"
      "\"empty\":{},\"deep\":[[[[\"x\"]]]],\"t\":true}";
  jdoc d;
  char *keep, err[200];
  const jvalue *f, *fre, *cfa, *deep;
  int rc = parse(text, sizeof text - 1, &d, &keep, err, sizeof err);
  ok(rc == 0 && d.root.type == J_OBJECT && d.root.len == 6, "a nested document parses %s%s", err,
     "");
  f = json_get(&d.root, "functions");
  ok(f && f->type == J_ARRAY && f->len == 2 && f->items[1].type == J_OBJECT &&
         json_get(&f->items[1], "fres")->len == 0,
     "its functions array %s%s", "", "");
  fre = f ? json_get(&f->items[0], "fres") : NULL;
  cfa = fre ? json_get(json_get(&fre->items[0], "rules"), "cfa") : NULL;
  ok(cfa && cfa->type == J_OBJECT && json_get(cfa, "offset")->type == J_NUMBER &&
         strncmp(json_get(cfa, "offset")->str, "8", json_get(cfa, "offset")->len) == 0 &&
         strcmp(json_get(cfa, "base")->str, "sp") == 0,
     "functions[0].fres[0].rules.cfa %s%s", "", "");
  ok(fre && json_get(json_get(&fre->items[0], "rules"), "ra")->type == J_NULL &&
         json_get(&f->items[0], "signal")->type == J_FALSE &&
         json_get(&d.root, "t")->type == J_TRUE,
     "null, false and true members %s%s", "", "");
  deep = json_get(&d.root, "deep");
  ok(deep && deep->items[0].items[0].items[0].items[0].type == J_STRING &&
         !json_get(&d.root, "missing") && !json_get(deep, "x"),
     "deep arrays; json_get of a missing key or on an array is NULL %s%s", "", "");
  json_free(&d);
  free(keep);
}

/* Compares two texts; want_diff NULL means equal. */
static void cmp_case(const char *got, const char *want, const char *const *skip,
                     const char *want_diff) {
  jdoc g, w;
  char *kg, *kw, err[200], diff[260];
  int rc;
  int pg = parse(got, strlen(got), &g, &kg, err, sizeof err);
  int pw = parse(want, strlen(want), &w, &kw, pg ? diff : err, sizeof err);
  if (pg != 0 || pw != 0) {
    ok(0, "compare: parse failed: %s%s", err, "");
    json_free(&g);
    json_free(&w);
    free(kg);
    free(kw);
    return;
  }
  rc = json_compare(&g.root, &w.root, skip, diff, sizeof diff);
  if (!want_diff)
    ok(rc == 0 && diff[0] == 0, "compare %s with %s: equal", show(got, strlen(got)),
       show(want, strlen(want)));
  else {
    ok(rc == 1, "compare %s with %s: differ", show(got, strlen(got)), show(want, strlen(want)));
    ok(strcmp(diff, want_diff) == 0, "diff is '%s' (got '%s')", want_diff, diff);
  }
  json_free(&g);
  json_free(&w);
  free(kg);
  free(kw);
}

static void test_compare(void) {
  static const char *const skip[] = {"flags_raw", "fre_type", NULL};
  static const char *const equal_numbers[][2] = {
    {"1", "1"}, {"1", "1.0"}, {"1", "1e0"}, {"1", "10e-1"}, {"1", "0.1e1"}, {"1", "100E-2"},
    {"0", "-0"}, {"0", "0.0"}, {"0", "-0.0e-7"}, {"0", "0e99"},
    {"-8", "-8.000"}, {"-8", "-0.8e+1"}, {"25", "2.5e1"}, {"1000000", "1e6"},
    {"1000000000000000000", "1e18"}, {"0.001", "1e-3"}, {"0.001", "0.0010"},
    {"18446744073709551615", "18446744073709551615"},
    {"18446744073709551615", "1.8446744073709551615e19"},
    {"123456789012345678901234567890", "12345678901234567890123456789e1"},
    {"1e999999999999999999", "10e999999999999999998"},
  };
  static const char *const unequal_numbers[][2] = {
    {"1", "2"}, {"1", "-1"}, {"1", "0"}, {"-0", "1"}, {"1", "10"}, {"1", "0.1"}, {"0.1", "0.01"},
    {"1", "1.0000000000000000000001"}, {"18446744073709551615", "18446744073709551616"},
    {"9007199254740993", "9007199254740992"}, /* equal as doubles */
    {"1e18", "1e17"}, {"12", "21"}, {"1.5", "15"}, {"100", "1e3"}, {"-8", "8"},
    {"1e999999999999999999", "1e999999999999999998"}, {"1e-999999999999999999", "0"},
  };
  size_t i;
  char g[128], w[128], d[200];
  for (i = 0; i < sizeof equal_numbers / sizeof *equal_numbers; i++) {
    snprintf(g, sizeof g, "{\"n\":%s}", equal_numbers[i][0]);
    snprintf(w, sizeof w, "{\"n\":%s}", equal_numbers[i][1]);
    cmp_case(g, w, NULL, NULL);
    cmp_case(w, g, NULL, NULL);
  }
  for (i = 0; i < sizeof unequal_numbers / sizeof *unequal_numbers; i++) {
    snprintf(g, sizeof g, "[%s]", unequal_numbers[i][0]);
    snprintf(w, sizeof w, "[%s]", unequal_numbers[i][1]);
    snprintf(d, sizeof d, "[0]: got %s, want %s", unequal_numbers[i][0], unequal_numbers[i][1]);
    cmp_case(g, w, NULL, d);
    snprintf(d, sizeof d, "[0]: got %s, want %s", unequal_numbers[i][1], unequal_numbers[i][0]);
    cmp_case(w, g, NULL, d);
  }

  /* documents: whitespace and key order are free */
  cmp_case("{\"a\":1,\"b\":[true,null,\"x\"]}", "{ \"b\" : [ true , null , \"x\" ] , \"a\" : 1 }",
           NULL, NULL);
  cmp_case("{\"s\":\"\\u00e9\\/\"}", "{\"s\":\"\xc3\xa9/\"}", NULL, NULL);
  cmp_case("\"\\ud83d\\ude00\"", "\"\xf0\x9f\x98\x80\"", NULL, NULL);
  cmp_case("{\"a\":{\"b\":[1,2,3]}}", "{\"a\":{\"b\":[1,2,4]}}", NULL, "a.b[2]: got 3, want 4");
  cmp_case("{\"a\":{\"b\":[1,2]}}", "{\"a\":{\"b\":[1,2,4]}}", NULL,
           "a.b: got 2 elements, want 3");
  cmp_case("[1,2,3]", "[1,2]", NULL, "(top): got 3 elements, want 2");
  cmp_case("{\"a\":1}", "{\"a\":1,\"b\":2}", NULL, "b: missing");
  cmp_case("{\"a\":1,\"b\":2,\"c\":3}", "{\"a\":1,\"b\":2}", NULL, "c: not in the canonical form");
  cmp_case("{\"o\":{\"a\":1,\"z\":0}}", "{\"o\":{\"a\":1}}", NULL, "o.z: not in the canonical form");
  cmp_case("{\"a\":\"1\"}", "{\"a\":1}", NULL, "a: got \"1\", want 1");
  cmp_case("{\"a\":true}", "{\"a\":false}", NULL, "a: got true, want false");
  cmp_case("{\"a\":null}", "{\"a\":0}", NULL, "a: got null, want 0");
  cmp_case("{\"a\":[]}", "{\"a\":{}}", NULL, "a: got an array of 0, want an object of 0");
  cmp_case("{\"a\":\"x\\u0000y\"}", "{\"a\":\"x\\u0000z\"}", NULL,
           "a: got \"x\\u0000y\", want \"x\\u0000z\"");
  cmp_case("{\"a\":\"x\"}", "{\"a\":\"x\\u0000\"}", NULL, "a: got \"x\", want \"x\\u0000\"");
  cmp_case("{\"a\":\"e\\u0301\"}", "{\"a\":\"\\u00e9\"}", NULL,
           "a: got \"e\xcc\x81\", want \"\xc3\xa9\""); /* no Unicode normalisation */
  cmp_case("{\"a\\u0000b\":1}", "{\"a\\u0000c\":1}", NULL, "a: missing");
  cmp_case("{\"pc\":\"0x9001\"}", "{\"pc\":\"0x9000\"}", NULL, "pc: got \"0x9001\", want \"0x9000\"");
  cmp_case("[{\"f\":[{\"r\":{\"cfa\":{\"offset\":16}}}]}]", "[{\"f\":[{\"r\":{\"cfa\":{\"offset\":8}}}]}]",
           NULL, "[0].f[0].r.cfa.offset: got 16, want 8");
  cmp_case("{\"s\":\"0123456789012345678901234567890123456789012345\"}",
           "{\"s\":\"x\"}", NULL, "s: got \"0123456789012345678901234567890123456789...\", want \"x\"");

  /* unknown_fields: null or absent is skipped, a wrong value is not */
  cmp_case("{\"a\":1,\"flags_raw\":null}", "{\"a\":1,\"flags_raw\":5}", skip, NULL);
  cmp_case("{\"a\":1}", "{\"a\":1,\"flags_raw\":5}", skip, NULL);
  cmp_case("[{\"fre_type\":null,\"x\":2}]", "[{\"fre_type\":\"addr1\",\"x\":2}]", skip, NULL);
  cmp_case("{\"a\":1,\"flags_raw\":4}", "{\"a\":1,\"flags_raw\":5}", skip,
           "flags_raw: got 4, want 5");
  cmp_case("{\"a\":1,\"flags_raw\":\"5\"}", "{\"a\":1,\"flags_raw\":5}", skip,
           "flags_raw: got \"5\", want 5");
  cmp_case("{\"a\":null,\"flags_raw\":null}", "{\"a\":1,\"flags_raw\":5}", skip,
           "a: got null, want 1");
  cmp_case("{\"a\":1,\"flags_raw\":null}", "{\"a\":1,\"flags_raw\":5}", NULL,
           "flags_raw: got null, want 5");
  cmp_case("{\"a\":1,\"flags\":null}", "{\"a\":1,\"flags\":5}", skip,
           "flags: got null, want 5"); /* a prefix of a skipped key is not skipped */
  cmp_case("{\"a\":1,\"fre_type\":null}", "{\"a\":1}", skip, "fre_type: not in the canonical form");
}

/* The runner's string writer (sfc_json_str_html) writes what the reader
 * reads back as the same string, and never a '<'. */
static void test_write(void) {
  static const char *const s[] = {"plain", "q\"b\\s/", "\n\t\r\b\f\x01\x1f\x7f",
                                  "</script><!--", "\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80"};
  size_t i;
  for (i = 0; i < sizeof s / sizeof *s; i++) {
    char *buf = NULL, *keep, err[200];
    size_t len = 0;
    jdoc d;
    FILE *f = open_memstream(&buf, &len);
    int rc;
    if (!f)
      exit(1);
    sfc_json_str_html(f, s[i]);
    fclose(f);
    rc = parse(buf, len, &d, &keep, err, sizeof err);
    ok(rc == 0 && d.root.type == J_STRING && strcmp(d.root.str, s[i]) == 0 && !strchr(buf, '<'),
       "sfc_json_str_html round trip of %s %s", show(s[i], strlen(s[i])), err);
    json_free(&d);
    free(keep);
    free(buf);
  }
}

int main(void) {
  test_rejected();
  test_accepted();
  test_bounds();
  test_offsets();
  test_many_keys();
  test_nesting();
  test_structure();
  test_compare();
  test_write();
  printf("1..%d\n", ntest);
  return nfail ? 1 : 0;
}
