/* SPDX-License-Identifier: MIT */
/* sfc_tools_test.c - unit tests of the shared tools library
 * (common/sfc_tools.h) and of the JSON string writer (common/sfc_json.h),
 * as TAP on stdout.  Usage: sfc_tools_test TMPDIR (a directory it may
 * write two scratch files into). */
#include "sfc_json.h"
#include "sfc_tools.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int ntest, nfail;

static void ok(int cond, const char *what, const char *arg) {
  ntest++;
  if (!cond)
    nfail++;
  printf("%s %d - %s '%s'\n", cond ? "ok" : "not ok", ntest, what, arg);
  fflush(stdout);
}

static void parses(const char *s, uint64_t want) {
  uint64_t v = 12345;
  ok(sfc_parse_u64(s, &v) && v == want, "sfc_parse_u64 accepts", s);
}

static void rejects(const char *s) {
  uint64_t v = 12345;
  ok(!sfc_parse_u64(s, &v) && v == 12345, "sfc_parse_u64 rejects (value untouched)", s);
}

static void numbers(void) {
  uint64_t v = 0;
  parses("0", 0);
  parses("42", 42);
  parses("0x2a", 42);
  parses("0X2A", 42);
  parses("052", 42); /* C syntax: a leading 0 is octal */
  parses("18446744073709551615", UINT64_MAX);
  parses("0xffffffffffffffff", UINT64_MAX);
  rejects("");
  rejects("18446744073709551616"); /* 2^64 */
  rejects("0x10000000000000000");
  rejects("-1");
  rejects("+1");
  rejects(" 1");
  rejects(" -1"); /* strtoull alone would take this as 2^64-1 */
  rejects("1 ");
  rejects("12abc");
  rejects("0x");
  rejects("08");
  rejects("abc");
  ok(!sfc_parse_u64(NULL, &v), "sfc_parse_u64 rejects", "(null)");
  ok(sfc_parse_u64_base("10", 10, &v) && v == 10, "decimal base reads", "10");
  ok(sfc_parse_u64_base("010", 10, &v) && v == 10, "decimal base reads 010 as ten", "010");
  ok(!sfc_parse_u64_base("0x10", 10, &v), "decimal base rejects", "0x10");
  ok(sfc_parse_u64_base("ff", 16, &v) && v == 255, "hex base reads", "ff");
  ok(sfc_parse_u64_range("5", 1, 10, &v) && v == 5, "range accepts", "5 in [1,10]");
  ok(!sfc_parse_u64_range("0", 1, 10, &v), "range rejects", "0 in [1,10]");
  ok(!sfc_parse_u64_range("11", 1, 10, &v), "range rejects", "11 in [1,10]");
}

static void files(const char *dir) {
  char path[4096];
  uint8_t *buf = NULL;
  size_t len = 7, i;
  FILE *f;
  sfc_read_status st;
  int good = 1;

  /* A file of 200,000 bytes (more than the first buffer), NULs included. */
  snprintf(path, sizeof path, "%s/sfc_tools_test.bin", dir);
  if (!(f = fopen(path, "wb"))) {
    printf("Bail out! cannot create %s: %s\n", path, strerror(errno));
    exit(1);
  }
  for (i = 0; i < 200000; i++)
    fputc((int)(i * 7 % 251), f);
  fclose(f);
  st = sfc_read_file(path, &buf, &len);
  ok(st == SFC_READ_OK && len == 200000, "sfc_read_file reads every byte of", path);
  for (i = 0; buf && i < len; i++)
    good &= buf[i] == (uint8_t)(i * 7 % 251);
  ok(buf && good && buf[len] == 0, "the bytes are the file's, then one NUL", path);
  free(buf);

  /* An empty file: zero bytes, a buffer holding one NUL. */
  snprintf(path, sizeof path, "%s/sfc_tools_test.empty", dir);
  if ((f = fopen(path, "wb")))
    fclose(f);
  buf = NULL;
  st = sfc_read_file(path, &buf, &len);
  ok(st == SFC_READ_OK && len == 0 && buf && buf[0] == 0, "an empty file reads as zero bytes", path);
  free(buf);

  /* A missing file and a directory: named failures, outputs untouched. */
  snprintf(path, sizeof path, "%s/sfc_tools_test.missing", dir);
  remove(path);
  buf = NULL;
  len = 7;
  st = sfc_read_file(path, &buf, &len);
  ok(st == SFC_READ_OPEN && errno == ENOENT && !buf && len == 7, "a missing file: cannot open, ENOENT", path);
  ok(strcmp(sfc_read_status_text(st), "cannot open") == 0, "its words are 'cannot open'", path);
  st = sfc_read_file(dir, &buf, &len);
  ok(st == SFC_READ_READ && errno == EISDIR && !buf && len == 7, "a directory: cannot read, EISDIR", dir);
  ok(strcmp(sfc_read_status_text(st), "cannot read") == 0, "its words are 'cannot read'", dir);
}

/* A TAP comment line of s[0..n), every byte outside ' '..'~' as \xNN
 * (a wrong escape must not end the line). */
static void show_bytes(const char *label, const char *s, size_t n) {
  size_t i;
  printf("# %s ", label);
  for (i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c >= ' ' && c <= '~')
      putchar(c);
    else
      printf("\\x%02x", c);
  }
  putchar('\n');
}

/* sfc_json_strn_flags(in[0..len), flags) writes exactly want. */
static void json_case(const char *what, const char *in, size_t len, unsigned flags, const char *want) {
  char *buf = NULL;
  size_t n = 0;
  FILE *f = open_memstream(&buf, &n);
  if (!f) {
    printf("Bail out! open_memstream: %s\n", strerror(errno));
    exit(1);
  }
  sfc_json_strn_flags(f, in, len, flags);
  if (fclose(f) != 0) {
    printf("Bail out! writing to memory: %s\n", strerror(errno));
    exit(1);
  }
  ok(n == strlen(want) && memcmp(buf, want, n) == 0, "sfc_json writes", what);
  if (n != strlen(want) || memcmp(buf, want, n) != 0) {
    show_bytes("got ", buf, n);
    show_bytes("want", want, strlen(want));
  }
  free(buf);
}

#define JSON_CASE(what, lit, flags, want) json_case(what, lit, sizeof lit - 1, flags, want)

static void json_strings(void) {
  char *buf = NULL;
  size_t n = 0;
  FILE *f;
  JSON_CASE("the empty string", "", 0, "\"\"");
  JSON_CASE("plain ASCII as it is", "fde[3].fre 0x10 /x", 0, "\"fde[3].fre 0x10 /x\"");
  JSON_CASE("a quote", "a\"b", 0, "\"a\\\"b\"");
  JSON_CASE("a backslash", "a\\b", 0, "\"a\\\\b\"");
  JSON_CASE("a newline", "line\n", 0, "\"line\\n\"");
  JSON_CASE("the short control escapes", "\b\f\n\r\t", 0, "\"\\b\\f\\n\\r\\t\"");
  JSON_CASE("0x01 as \\u0001", "\x01", 0, "\"\\u0001\"");
  JSON_CASE("0x1f as \\u001f", "a\x1fz", 0, "\"a\\u001fz\"");
  JSON_CASE("0x0b and 0x1b", "\x0b\x1b", 0, "\"\\u000b\\u001b\"");
  JSON_CASE("a NUL inside the length as \\u0000", "a\0b", 0, "\"a\\u0000b\"");
  JSON_CASE("0x20 as it is", " ", 0, "\" \"");
  JSON_CASE("DEL as it is", "\x7f", 0, "\"\x7f\"");
  JSON_CASE("UTF-8 bytes as they are", "\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80", 0,
            "\"\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\"");
  JSON_CASE("bytes that are not UTF-8 as they are", "\xff\x80", 0, "\"\xff\x80\"");
  JSON_CASE("escapes first and last", "\"mid\\", 0, "\"\\\"mid\\\\\"");
  JSON_CASE("'<' as it is without SFC_JSON_HTML", "</script>", 0, "\"</script>\"");
  JSON_CASE("'<' as \\u003c with SFC_JSON_HTML", "</script><!--", SFC_JSON_HTML,
            "\"\\u003c/script>\\u003c!--\"");
  JSON_CASE("the other escapes alike with SFC_JSON_HTML", "\"\\\n\x01", SFC_JSON_HTML,
            "\"\\\"\\\\\\n\\u0001\"");

  /* The NUL-ended forms, and the bounded one stopping at its length. */
  if (!(f = open_memstream(&buf, &n)))
    exit(1);
  sfc_json_str(f, "a<b\n");
  fputc(' ', f);
  sfc_json_str_html(f, "a<b");
  fputc(' ', f);
  sfc_json_strn(f, "abc\"def", 4);
  fclose(f);
  ok(strcmp(buf, "\"a<b\\n\" \"a\\u003cb\" \"abc\\\"\"") == 0,
     "sfc_json_str, sfc_json_str_html and sfc_json_strn", buf);
  free(buf);
}

int main(int argc, char **argv) {
  sfc_set_progname("/some/dir/sfc_tools_test");
  ok(strcmp(sfc_progname(), "sfc_tools_test") == 0, "the program name is argv[0]'s last part", sfc_progname());
  numbers();
  files(argc > 1 ? argv[1] : ".");
  json_strings();
  printf("1..%d\n", ntest);
  return nfail != 0;
}
