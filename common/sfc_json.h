/* SPDX-License-Identifier: MIT */
/* sfc_json.h - the one writer of JSON string literals every tool's JSON
 * output uses (the conformance runner, sfcfi, sfref --bytes, the QEMU
 * plugin; sfaudit through sfcfi).
 *
 * Header-only (static inline): the plugin is a -fPIC shared object built
 * from sources, and the other programs link different libraries, so there
 * is no one library they could all take a function from.
 *
 * The escaping is RFC 8259's (section 7): '"' and '\' are escaped with a
 * backslash, a control byte (below 0x20) as \b \f \n \r \t where JSON has a
 * short form and as \u00xx (lower-case hex) otherwise.  Every other byte is
 * written as it is: DEL (0x7f) needs no escape in JSON, and bytes from 0x80
 * on are passed through untouched, so UTF-8 text stays UTF-8 and a string
 * that is not UTF-8 (a path, a symbol name) keeps its bytes; the writer
 * does not check or repair encodings.
 *
 * SFC_JSON_HTML also writes '<' as \u003c, so that the text can sit inside
 * an HTML <script> element: nothing in it can close the element or open a
 * comment (the conformance runner's data, which its HTML report embeds). */
#ifndef SFC_JSON_H
#define SFC_JSON_H

#include <stdio.h>
#include <string.h>

enum {
  SFC_JSON_HTML = 1 /* also '<' as \u003c */
};

/* The escape of byte c into esc (7 bytes: 6 and a NUL) under flags, and
 * its length; 0 when c is written as it is. */
static inline size_t sfc_json_escape(unsigned char c, unsigned flags, char esc[7]) {
  static const char hex[] = "0123456789abcdef";
  char e = 0;
  switch (c) {
  case '"': e = '"'; break;
  case '\\': e = '\\'; break;
  case '\b': e = 'b'; break;
  case '\f': e = 'f'; break;
  case '\n': e = 'n'; break;
  case '\r': e = 'r'; break;
  case '\t': e = 't'; break;
  default:
    if (c >= 0x20 && !(c == '<' && (flags & SFC_JSON_HTML)))
      return 0;
    memcpy(esc, "\\u00", 4);
    esc[4] = hex[c >> 4];
    esc[5] = hex[c & 15];
    esc[6] = 0;
    return 6;
  }
  esc[0] = '\\';
  esc[1] = e;
  esc[2] = 0;
  return 2;
}

/* s[0..len) (it may hold NUL bytes, written \u0000) as a quoted JSON
 * string literal on out, escaped under flags.  Runs of bytes that need no
 * escape are written at once.  Write errors show in ferror(out). */
static inline void sfc_json_strn_flags(FILE *out, const char *s, size_t len, unsigned flags) {
  size_t i, run = 0;
  char esc[7];
  fputc('"', out);
  for (i = 0; i < len; i++) {
    size_t n = sfc_json_escape((unsigned char)s[i], flags, esc);
    if (n == 0)
      continue;
    fwrite(s + run, 1, i - run, out);
    fwrite(esc, 1, n, out);
    run = i + 1;
  }
  fwrite(s + run, 1, len - run, out);
  fputc('"', out);
}

/* s[0..len), which need not be NUL-ended, as a JSON string literal. */
static inline void sfc_json_strn(FILE *out, const char *s, size_t len) {
  sfc_json_strn_flags(out, s, len, 0);
}

/* The NUL-ended s (not NULL) as a JSON string literal. */
static inline void sfc_json_str(FILE *out, const char *s) {
  sfc_json_strn_flags(out, s, strlen(s), 0);
}

/* The NUL-ended s as a JSON string literal with every '<' as \u003c (for
 * JSON an HTML page embeds in a <script>). */
static inline void sfc_json_str_html(FILE *out, const char *s) {
  sfc_json_strn_flags(out, s, strlen(s), SFC_JSON_HTML);
}

#endif
