/* SPDX-License-Identifier: MIT */
/* json.h - a small, strict JSON reader for the conformance runner: parse an
 * implementation's output and the expected file, and compare them as JSON
 * values, reporting the first differing field as a path.
 *
 * The reader accepts exactly RFC 8259 JSON texts in UTF-8 and rejects,
 * with a named error and its byte offset, anything else: duplicate keys in
 * an object (after unescaping), malformed numbers (a leading zero, '+',
 * "1.", ".5", "1e", "1-2"), ill-formed UTF-8 (overlongs, UTF-8-encoded
 * surrogates, bytes above 0xF4, truncated sequences), \u escapes of an
 * unpaired surrogate, unescaped control characters, a byte-order mark,
 * text after the value, and containers nested deeper than JSON_MAX_DEPTH.
 * Implementation limits (RFC 8259 section 9): JSON_MAX_DEPTH, and an
 * exponent of at most 18 significant digits. */
#ifndef RUNNER_JSON_H
#define RUNNER_JSON_H

#include <stddef.h>

/* Containers (arrays, objects) nested deeper than this are rejected. */
#define JSON_MAX_DEPTH 64

typedef enum { J_NULL, J_FALSE, J_TRUE, J_NUMBER, J_STRING, J_ARRAY, J_OBJECT } jtype;

typedef struct jvalue jvalue;
struct jvalue {
  jtype type;
  const char *str; /* J_NUMBER: the literal, inside the parsed text (keep the
                      text until json_free); J_STRING: unescaped UTF-8,
                      NUL-ended (it may hold a NUL from \u0000: use len) */
  size_t len;      /* J_STRING / J_NUMBER length; J_ARRAY / J_OBJECT: count */
  jvalue *items;   /* J_ARRAY / J_OBJECT: elements (objects: values) */
  const char **keys; /* J_OBJECT: keys, unescaped, NUL-ended */
  size_t *keylens;   /* J_OBJECT: each key's length (a key may hold a NUL) */
};

/* A parsed document: every value (strings, keys, items) is allocated in
 * the document's arena, freed at once by json_free. */
struct jarena;
typedef struct jdoc {
  jvalue root;
  struct jarena *arena;
} jdoc;

/* Parses text[0..len) (no NUL needed).  Returns 0, or -1 with
 * "offset N: what" in err (doc is then empty; json_free is harmless). */
int json_parse(const char *text, size_t len, jdoc *doc, char *err, size_t errlen);
void json_free(jdoc *doc);

/* The value of key in an object, or NULL. */
const jvalue *json_get(const jvalue *obj, const char *key);

/* Whether two J_NUMBER literals denote the same number (json.c says how). */
int json_number_equal(const jvalue *a, const jvalue *b);

/* Compares got with want.  Keys listed in skip (NULL-ended) are not
 * compared when got has null there (or lacks them).  Numbers compare by
 * value (json_number_equal), strings by their unescaped bytes.  Returns 0
 * when equal; else 1 and writes "PATH: got X, want Y" into diff. */
int json_compare(const jvalue *got, const jvalue *want, const char *const *skip, char *diff,
                 size_t difflen);

/* Every difference between got and want, as json_compare finds them (in
 * the same order; json_compare reports the first): */
enum { JD_VALUE, JD_MISSING, JD_EXTRA, JD_LENGTH };
#define JD_MAX_IDX 8
typedef struct jdiff {
  int kind;        /* JD_VALUE: the values differ; JD_MISSING: got lacks the key;
                      JD_EXTRA: got has a key want has not; JD_LENGTH: arrays'
                      lengths differ (after their common elements) */
  const char *path; /* "functions[2].fres[0].rules.cfa.base", or "(top)" */
  size_t idx[JD_MAX_IDX]; /* the array indices along the path, outermost first */
  size_t nidx;
  const jvalue *got, *want; /* NULL where absent */
  char got_text[64], want_text[64]; /* short renderings: "\"fp\"", "8", "an array of 3" */
  char text[600];   /* "PATH: got X, want Y", as json_compare writes it */
} jdiff;
/* Called for each difference; nonzero stops the walk. */
typedef int (*jdiff_fn)(const jdiff *d, void *ctx);
/* Walks got against want (skip as for json_compare), handing every
 * difference to fn (may be NULL).  Returns the number of differences
 * found (all of them, unless fn stopped the walk); *leaves (may be NULL)
 * the number of scalar values compared, so a caller can tell a comparison
 * that compared nothing (every field skipped) from one that agreed. */
size_t json_diff_walk(const jvalue *got, const jvalue *want, const char *const *skip,
                      jdiff_fn fn, void *ctx, size_t *leaves);

#endif
