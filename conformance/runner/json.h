/* json.h - a small JSON reader for the conformance runner: parse an
 * implementation's output and the expected file, and compare them as JSON
 * values, reporting the first differing field as a path. */
#ifndef SFC_JSON_H
#define SFC_JSON_H

#include <stddef.h>

typedef enum { J_NULL, J_FALSE, J_TRUE, J_NUMBER, J_STRING, J_ARRAY, J_OBJECT } jtype;

typedef struct jvalue jvalue;
struct jvalue {
  jtype type;
  const char *str; /* J_NUMBER: the literal, inside the parsed text (keep the
                      text until json_free); J_STRING: unescaped, NUL-ended */
  size_t len;      /* J_STRING / J_NUMBER length; J_ARRAY / J_OBJECT: count */
  jvalue *items;   /* J_ARRAY / J_OBJECT: elements (objects: values) */
  const char **keys; /* J_OBJECT: keys, unescaped */
};

/* A parsed document: all memory in one arena, freed by json_free. */
typedef struct jdoc {
  jvalue root;
  void *arena;
} jdoc;

/* Parses text[0..len).  Returns 0, or -1 with a message in err. */
int json_parse(const char *text, size_t len, jdoc *doc, char *err, size_t errlen);
void json_free(jdoc *doc);

/* The value of key in an object, or NULL. */
const jvalue *json_get(const jvalue *obj, const char *key);

/* Compares got with want.  Keys listed in skip (NULL-ended) are not
 * compared when got has null there.  Returns 0 when equal; else 1 and
 * writes "PATH: got X, want Y" into diff. */
int json_compare(const jvalue *got, const jvalue *want, const char *const *skip, char *diff,
                 size_t difflen);

/* Writes s as a JSON string literal (with quotes) into out; every < is
 * written \u003c, so the text is safe inside an HTML <script>. */
#include <stdio.h>
void json_write_string(FILE *out, const char *s);

#endif
