/* SPDX-License-Identifier: MIT */
/* sfc_peers.h - the peers table: which SFrame versions and ABIs each
 * release of each peer implementation reads, as the suite measured it (its
 * adapters' runs over the corpus, binutils-notes.md, SPEC-NOTES N26, N46).
 * The one place this is written; its readers:
 *   - the text-tool adapters' `capabilities` (conformance/adapters/gnu_tool.c:
 *     objdump and readelf; llvm.c: llvm-readobj);
 *   - sfref dump's objdump-compatible mode (decoder/cli/dump.c: which
 *     versions a binutils release's text covers, and which only as a header);
 *   - sfaudit's default readers (audit/audit_readers.c: the rows with a
 *     reader name, in table order; `sfaudit --readers FILE` still takes a
 *     table of the user's own, `sfpeers --readers` prints this one in that
 *     format).
 * audit/tests/audit.bats holds the rows with a reader name to each bundled
 * adapter's `capabilities` answer (libsframe and glibc decide theirs from
 * the headers they were built against, so that is a real check).
 *
 * Header-only (static inline, the table inside a function): the adapters,
 * sfref's renderers (a library other programs link) and sfaudit link
 * different libraries; no library is needed for a table.  Nothing here
 * depends on the oracle (decoder/): ABIs are the SFrame header's numbers,
 * the same as sframe_ref.h's SFR_ABI_* (audit_readers.c checks it). */
#ifndef SFC_PEERS_H
#define SFC_PEERS_H

#include <stddef.h>
#include <stdio.h>
#include <string.h>

/* A release as 100 * major + minor (2.44: 244; LLVM 22.1: 2201); the same
 * numbers sfref's --format=objdump-REL uses. */
#define SFC_REL(major, minor) ((major) * 100 + (minor))
#define SFC_REL_LATEST 2147483647 /* a range's last: and every later release */

/* Sets of versions: bit v for SFrame version v. */
#define SFC_V(v) (1u << (v))
/* Sets of ABIs: bit a for the header's ABI number a (SFR_ABI_*). */
#define SFC_ABI_AARCH64_BE 1u
#define SFC_ABI_AARCH64_LE 2u
#define SFC_ABI_AMD64 3u
#define SFC_ABI_S390X 4u
#define SFC_ABI_MAX 4u
#define SFC_A(a) (1u << SFC_ABI_##a)
/* The three ABIs every GNU and LLVM reader reads. */
#define SFC_A_BASE (SFC_A(AARCH64_BE) | SFC_A(AARCH64_LE) | SFC_A(AMD64))

/* X(family, first, last, full, header, abis, reader, note)
 *   family   the implementation: "binutils" (objdump and readelf --sframe,
 *            which read alike), "libsframe", "llvm-readobj", "glibc"
 *            (its in-tree reader), "ddprof" (modelled: sfref --profile)
 *   first, last  the releases the row covers, SFC_REL; last may be
 *            SFC_REL_LATEST
 *   full     the versions read in full (SFC_V)
 *   header   the versions whose header only is shown ("No further
 *            information can be displayed")
 *   abis     the ABIs read (SFC_A)
 *   reader   the release of the range the suite measured, named as its
 *            bundled adapter (make list-adapters) or model: sfaudit judges
 *            each such row as one reader; NULL: none measured in the range
 *   note     what else the suite found (sfaudit's note), or NULL
 * A row between two measured releases is inferred from the releases'
 * history (binutils-notes.md: 2.41 added version 2 and the header-only
 * message, 2.45 s390x, 2.46 version 3 and dropped version 1).  Rows of a
 * family are in release order and do not overlap; sfaudit's readers are
 * the named rows in table order. */
#define SFC_PEERS(X)                                                                          \
  X("libsframe", SFC_REL(2, 40), SFC_REL(2, 40), SFC_V(1), 0u, SFC_A_BASE, "libsframe-2.40",  \
    NULL)                                                                                     \
  X("libsframe", SFC_REL(2, 41), SFC_REL(2, 44), SFC_V(1) | SFC_V(2), 0u, SFC_A_BASE,         \
    "libsframe-2.44", "crashes on most version 1 input")                                      \
  X("libsframe", SFC_REL(2, 45), SFC_REL(2, 45), SFC_V(1) | SFC_V(2), 0u,                     \
    SFC_A_BASE | SFC_A(S390X), NULL, NULL)                                                    \
  X("libsframe", SFC_REL(2, 46), SFC_REL_LATEST, SFC_V(2) | SFC_V(3), 0u,                     \
    SFC_A_BASE | SFC_A(S390X), "libsframe-2.47", NULL)                                        \
  X("binutils", SFC_REL(2, 40), SFC_REL(2, 40), SFC_V(1), 0u, SFC_A_BASE, "objdump-2.40",     \
    NULL)                                                                                     \
  X("binutils", SFC_REL(2, 41), SFC_REL(2, 44), SFC_V(2), SFC_V(1), SFC_A_BASE,               \
    "objdump-2.44", "version 1: the header only")                                             \
  X("binutils", SFC_REL(2, 45), SFC_REL(2, 45), SFC_V(2), SFC_V(1),                           \
    SFC_A_BASE | SFC_A(S390X), NULL, "version 1: the header only")                            \
  X("binutils", SFC_REL(2, 46), SFC_REL_LATEST, SFC_V(2) | SFC_V(3), 0u,                      \
    SFC_A_BASE | SFC_A(S390X), "objdump-2.47", NULL)                                          \
  X("llvm-readobj", SFC_REL(22, 0), SFC_REL(22, 99), SFC_V(2), 0u, SFC_A_BASE,                \
    "llvm-readobj-22", NULL)                                                                  \
  X("glibc", SFC_REL(2, 43), SFC_REL(2, 43), SFC_V(2), 0u, SFC_A(AMD64) | SFC_A(AARCH64_LE),  \
    "glibc-2.43", NULL)                                                                       \
  X("ddprof", SFC_REL(2026, 6), SFC_REL(2026, 6), SFC_V(2), 0u,                               \
    SFC_A(AMD64) | SFC_A(AARCH64_LE), "ddprof-2026-06",                                       \
    "judged by its model (sfref --profile): v2 without PCREL only, rows misread")

typedef struct sfc_peer {
  const char *family;
  int first, last;     /* SFC_REL */
  unsigned full;       /* SFC_V: read in full */
  unsigned header;     /* SFC_V: the header only */
  unsigned abis;       /* SFC_A */
  const char *reader;  /* the measured release's reader name, or NULL */
  const char *note;    /* or NULL */
} sfc_peer;

/* The table's rows (*n of them). */
static inline const sfc_peer *sfc_peers(size_t *n) {
#define SFC_PEER_ROW(family, first, last, full, header, abis, reader, note) \
  {family, first, last, full, header, abis, reader, note},
  static const sfc_peer rows[] = {SFC_PEERS(SFC_PEER_ROW)};
#undef SFC_PEER_ROW
  *n = sizeof rows / sizeof rows[0];
  return rows;
}

/* The row of family whose range holds release, or NULL (a release before
 * the family's first row, or one the table does not know). */
static inline const sfc_peer *sfc_peer_find(const char *family, int release) {
  size_t n, i;
  const sfc_peer *t = sfc_peers(&n);
  for (i = 0; i < n; i++)
    if (!strcmp(t[i].family, family) && t[i].first <= release && release <= t[i].last)
      return &t[i];
  return NULL;
}

/* Whether p shows anything of version v: its dump, or its header only. */
static inline int sfc_peer_shows(const sfc_peer *p, unsigned v) {
  return p && v < 32 && ((p->full | p->header) >> v & 1u);
}
/* Whether p shows the header only of version v. */
static inline int sfc_peer_header_only(const sfc_peer *p, unsigned v) {
  return p && v < 32 && (p->header >> v & 1u) && !(p->full >> v & 1u);
}

/* An ABI's name as the adapter protocol and the readers table write it
 * ("amd64", "aarch64-le", "aarch64-be", "s390x"), or NULL. */
static inline const char *sfc_abi_name(unsigned abi) {
  static const char *const names[SFC_ABI_MAX + 1] = {
      NULL, "aarch64-be", "aarch64-le", "amd64", "s390x"};
  return abi <= SFC_ABI_MAX ? names[abi] : NULL;
}
/* The ABI named name, or 0. */
static inline unsigned sfc_abi_by_name(const char *name) {
  unsigned a;
  for (a = 1; a <= SFC_ABI_MAX; a++)
    if (!strcmp(name, sfc_abi_name(a)))
      return a;
  return 0;
}

/* A set of versions as "2,3"; of ABIs as `"aarch64-be","amd64"` (quoted,
 * sep ",") or `aarch64-be,amd64` (quote 0), in the header's number order. */
static inline void sfc_peer_print_versions(FILE *out, unsigned versions) {
  unsigned v;
  const char *sep = "";
  for (v = 0; v < 32; v++)
    if (versions >> v & 1u) {
      fprintf(out, "%s%u", sep, v);
      sep = ",";
    }
}
static inline void sfc_peer_print_abis(FILE *out, unsigned abis, int quote) {
  unsigned a;
  const char *sep = "", *q = quote ? "\"" : "";
  for (a = 1; a <= SFC_ABI_MAX; a++)
    if (abis >> a & 1u) {
      fprintf(out, "%s%s%s%s", sep, q, sfc_abi_name(a), q);
      sep = ",";
    }
}

/* What p shows, for messages, into buf (n bytes): "version 1 only",
 * "versions 1 (the header only) and 2", "versions 2 and 3", "no version".
 * Returns buf. */
static inline const char *sfc_peer_versions_text(const sfc_peer *p, char *buf, size_t n) {
  unsigned shown = p ? p->full | p->header : 0u, v, left;
  size_t len = 0;
  int k = 0, count = 0;
  for (v = 0; v < 32; v++)
    count += (int)(shown >> v & 1u);
  buf[0] = '\0';
  if (count == 0) {
    snprintf(buf, n, "no version");
    return buf;
  }
  for (v = 0, left = shown; v < 32 && len < n; v++) {
    if (!(shown >> v & 1u))
      continue;
    left &= ~(1u << v);
    int w = snprintf(buf + len, n - len, "%s%u%s%s",
                     k == 0 ? (count == 1 ? "version " : "versions ") : !left ? " and " : ", ", v,
                     sfc_peer_header_only(p, v) ? " (the header only)" : "",
                     count == 1 ? " only" : "");
    if (w < 0)
      break;
    len += (size_t)w;
    k++;
  }
  return buf;
}

/* The named rows (sfaudit's readers) in the readers-table format
 * (reader, versions read in full, ABIs, note; tab-separated; "-" for no
 * note), under a comment saying what it is. */
static inline void sfc_peers_write_readers(FILE *out) {
  size_t n, i;
  const sfc_peer *t = sfc_peers(&n);
  fputs("# The SFrame readers sfaudit judges, and what each reads: the named rows of\n"
        "# the peers table (common/sfc_peers.h).  A reader named as a profile\n"
        "# (sfref --profile NAME) is judged by its model instead of the versions\n"
        "# and ABIs.\n"
        "# reader\tversions\tabis\tnote\n",
        out);
  for (i = 0; i < n; i++) {
    if (!t[i].reader)
      continue;
    fprintf(out, "%s\t", t[i].reader);
    sfc_peer_print_versions(out, t[i].full);
    fputc('\t', out);
    sfc_peer_print_abis(out, t[i].abis, 0);
    fprintf(out, "\t%s\n", t[i].note ? t[i].note : "-");
  }
}

#endif
