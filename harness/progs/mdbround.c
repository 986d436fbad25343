/* SPDX-License-Identifier: MIT */
/* mdbround.c - drive real code nobody here wrote: LMDB (Debian's lmdb
 * source package, mdb.c and midl.c compiled by the harness with each
 * producer) in a fresh temporary directory: puts of KEYS keys ordered by a
 * comparator of ours (mdb_set_compare: the library calls back into this
 * file) and duplicates ordered by another (mdb_set_dupsort), gets, cursors
 * forward and backward, deletes, nested transactions aborted and
 * committed, the expected errors (MDB_NOTFOUND, MDB_KEYEXIST, MDB_MAP_FULL)
 * and a recursion of ours 200 deep doing a get and a cursor seek at every
 * level.  The directory is removed at the end.
 *
 * Usage: mdbround [KEYS]   (default 1000).  Prints one summary line; exit
 * 0 when every check held, 1 on a mismatch (with a message), 2 on usage or
 * setup errors. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lmdb.h"

#define NOINLINE __attribute__((noinline))
#define DEPTH 200

static char dir[4096];
static const char *const files[] = {"data.mdb", "lock.mdb", "full.mdb", "full.mdb-lock"};

/* Remove what the environments created, then the directory. */
static int cleanup(void) {
  char path[4200];
  if (!dir[0])
    return 0;
  for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
    snprintf(path, sizeof path, "%s/%s", dir, files[i]);
    unlink(path);
  }
  int rc = rmdir(dir);
  dir[0] = 0;
  return rc;
}

static _Noreturn void fail(const char *what, const char *why) {
  fprintf(stderr, "mdbround: %s: %s\n", what, why);
  cleanup();
  exit(1);
}

#define CHECK(call) do { int rc_ = (call); if (rc_ != MDB_SUCCESS) fail(#call, mdb_strerror(rc_)); } while (0)
#define EXPECT(call, want) do { int rc_ = (call); if (rc_ != (want)) \
    fail(#call " should give " #want, rc_ ? mdb_strerror(rc_) : "it succeeded"); } while (0)
#define VERIFY(cond) do { if (!(cond)) fail(#cond, "does not hold"); } while (0)

static uint32_t scramble(uint32_t id) { return id * 2654435761u; }

/* Numbers are stored little-endian on every target, so that the database
 * (and so the output) is the same on all of them. */
static void put32(unsigned char *p, uint32_t x) {
  for (int i = 0; i < 4; i++)
    p[i] = (unsigned char)(x >> 8 * i);
}
static uint32_t get32(const void *p) {
  const unsigned char *s = p;
  return s[0] | (uint32_t)s[1] << 8 | (uint32_t)s[2] << 16 | (uint32_t)s[3] << 24;
}

/* Keys are 8 bytes: the id and a tag.  Ordered by the scrambled id, so the
 * B-tree's order is nobody's natural order; called by LMDB at every
 * comparison. */
NOINLINE static int cmp_keys(const MDB_val *a, const MDB_val *b) {
  uint32_t x = scramble(get32(a->mv_data)), y = scramble(get32(b->mv_data));
  if (x != y)
    return x < y ? -1 : 1;
  return a->mv_size < b->mv_size ? -1 : a->mv_size > b->mv_size;
}

/* Duplicates are 4-byte numbers, descending. */
NOINLINE static int cmp_dups(const MDB_val *a, const MDB_val *b) {
  uint32_t x = get32(a->mv_data), y = get32(b->mv_data);
  return x > y ? -1 : x < y;
}

static int cmp_ids(const void *a, const void *b) {
  uint32_t x = scramble(*(const uint32_t *)a), y = scramble(*(const uint32_t *)b);
  return x < y ? -1 : x > y;
}

static MDB_val key_of(uint32_t id, unsigned char buf[8]) {
  put32(buf, id);
  memcpy(buf + 4, "key!", 4);
  return (MDB_val){8, buf};
}

static char alphabet[5000 + 26]; /* "abc...zabc...", filled by main */

/* The value of key ID in its generation GEN: 8 to 300 bytes, every 97th
 * 5000 (overflow pages); the id and generation little-endian, then text. */
static size_t value_of(uint32_t id, uint32_t gen, char *buf) {
  size_t len = id % 97 == 0 ? 5000 : 8 + (id * 7919u) % 293;
  put32((unsigned char *)buf, id);
  put32((unsigned char *)buf + 4, gen);
  memcpy(buf + 8, alphabet + id % 26, len - 8);
  return len;
}

static uint32_t fnv(uint32_t h, const void *p, size_t n) {
  const unsigned char *s = p;
  for (size_t i = 0; i < n; i++)
    h = (h ^ s[i]) * 16777619u;
  return h;
}

static MDB_env *env;
static MDB_dbi db, dups;
static unsigned nkeys;
static unsigned char *live; /* live[id]: the key is in the database, and its generation */

static void open_dbis(MDB_txn *txn) {
  CHECK(mdb_dbi_open(txn, "keys", MDB_CREATE, &db));
  CHECK(mdb_set_compare(txn, db, cmp_keys));
  CHECK(mdb_dbi_open(txn, "dups", MDB_CREATE | MDB_DUPSORT, &dups));
  CHECK(mdb_set_dupsort(txn, dups, cmp_dups));
}

/* Get key ID and compare with what it should hold. */
static void expect_value(MDB_txn *txn, uint32_t id) {
  unsigned char kb[8];
  static char want[5001];
  MDB_val k = key_of(id, kb), v;
  if (!live[id]) {
    EXPECT(mdb_get(txn, db, &k, &v), MDB_NOTFOUND);
    return;
  }
  CHECK(mdb_get(txn, db, &k, &v));
  size_t len = value_of(id, live[id], want);
  VERIFY(v.mv_size == len && memcmp(v.mv_data, want, len) == 0);
}

static void put_key(MDB_txn *txn, uint32_t id, uint32_t gen, unsigned flags) {
  unsigned char kb[8];
  static char buf[5001];
  MDB_val k = key_of(id, kb), v = {value_of(id, gen, buf), buf};
  CHECK(mdb_put(txn, db, &k, &v, flags));
  unsigned char dkb[4], dvb[4];
  put32(dkb, id % 37);
  put32(dvb, id);
  MDB_val dk = {4, dkb}, dv = {4, dvb};
  CHECK(mdb_put(txn, dups, &dk, &dv, MDB_NODUPDATA));
}

/* Walk the whole database with a cursor, forward or backward, checking
 * the comparator's order and every value; returns a checksum. */
static uint32_t walk(MDB_txn *txn, int backward, unsigned *count) {
  MDB_cursor *c;
  MDB_val k, v;
  uint32_t h = 2166136261u, prev = 0;
  static char want[5001];
  CHECK(mdb_cursor_open(txn, db, &c));
  *count = 0;
  int rc = mdb_cursor_get(c, &k, &v, backward ? MDB_LAST : MDB_FIRST);
  for (; rc == MDB_SUCCESS; rc = mdb_cursor_get(c, &k, &v, backward ? MDB_PREV : MDB_NEXT)) {
    VERIFY(k.mv_size == 8);
    uint32_t id = get32(k.mv_data);
    VERIFY(id < nkeys + 200 && live[id]);
    if (*count > 0)
      VERIFY(backward ? scramble(id) < scramble(prev) : scramble(id) > scramble(prev));
    size_t len = value_of(id, live[id], want);
    VERIFY(v.mv_size == len && memcmp(v.mv_data, want, len) == 0);
    h = fnv(h, v.mv_data, v.mv_size < 32 ? v.mv_size : 32);
    prev = id;
    ++*count;
  }
  EXPECT(rc, MDB_NOTFOUND);
  /* Past the end stays past the end. */
  EXPECT(mdb_cursor_get(c, &k, &v, backward ? MDB_PREV : MDB_NEXT), MDB_NOTFOUND);
  mdb_cursor_close(c);
  return h;
}

/* Ours, 200 deep: a get and a cursor seek at each level, on the way down
 * and again on the way up. */
NOINLINE static uint32_t descend(MDB_txn *txn, MDB_cursor *c, unsigned depth, uint32_t id) {
  volatile unsigned char frame[48];
  unsigned char kb[8];
  MDB_val k = key_of(id, kb), v;
  frame[depth % sizeof frame] = (unsigned char)depth;
  expect_value(txn, id);
  int rc = mdb_cursor_get(c, &k, &v, MDB_SET_RANGE);
  VERIFY(rc == MDB_SUCCESS || rc == MDB_NOTFOUND);
  uint32_t h = rc == MDB_SUCCESS ? fnv(depth, v.mv_data, 8) : depth;
  if (depth == 0)
    return h;
  uint32_t below = descend(txn, c, depth - 1, (id * 31u + 7u) % nkeys);
  expect_value(txn, id);
  return (h ^ below) * 16777619u + (uint32_t)frame[depth % sizeof frame];
}

static unsigned count_entries(MDB_txn *txn, MDB_dbi d) {
  MDB_stat st;
  CHECK(mdb_stat(txn, d, &st));
  return (unsigned)st.ms_entries;
}

/* A small environment filled until LMDB says MDB_MAP_FULL. */
static unsigned fill_until_full(void) {
  char path[4200];
  MDB_env *small;
  MDB_txn *txn;
  MDB_dbi d;
  snprintf(path, sizeof path, "%s/full.mdb", dir);
  CHECK(mdb_env_create(&small));
  CHECK(mdb_env_set_mapsize(small, 64 * 1024));
  CHECK(mdb_env_open(small, path, MDB_NOSUBDIR | MDB_NOSYNC, 0600));
  CHECK(mdb_txn_begin(small, NULL, 0, &txn));
  CHECK(mdb_dbi_open(txn, NULL, 0, &d));
  unsigned n = 0;
  int rc;
  char buf[200];
  memset(buf, 'f', sizeof buf);
  do {
    unsigned char kb[8];
    MDB_val k = key_of(n, kb), v = {20 + n % 150, buf};
    rc = mdb_put(txn, d, &k, &v, 0);
    n++;
  } while (rc == MDB_SUCCESS && n < 100000);
  EXPECT(rc, MDB_MAP_FULL);
  mdb_txn_abort(txn);
  mdb_env_close(small);
  return n;
}

int main(int argc, char **argv) {
  if (argc > 2 || (argc == 2 && atoi(argv[1]) < DEPTH)) {
    fprintf(stderr, "usage: mdbround [KEYS]   (KEYS >= %d, default 1000)\n", DEPTH);
    return 2;
  }
  nkeys = argc == 2 ? (unsigned)atoi(argv[1]) : 1000;
  live = calloc(nkeys + 200, 1);
  uint32_t *order = malloc((nkeys + 200) * sizeof *order);
  for (size_t i = 0; i < sizeof alphabet; i++)
    alphabet[i] = (char)('a' + i % 26);
  const char *tmp = getenv("TMPDIR");
  snprintf(dir, sizeof dir, "%s/mdbround.XXXXXX", tmp && *tmp ? tmp : "/tmp");
  if (!live || !order || !mkdtemp(dir)) {
    fprintf(stderr, "mdbround: cannot create %s\n", dir);
    return 2;
  }
  CHECK(mdb_env_create(&env));
  CHECK(mdb_env_set_mapsize(env, 32u << 20));
  CHECK(mdb_env_set_maxdbs(env, 4));
  CHECK(mdb_env_open(env, dir, MDB_NOSYNC, 0600));

  /* Puts, in transactions of 500. */
  MDB_txn *txn, *child;
  for (uint32_t id = 0; id < nkeys;) {
    CHECK(mdb_txn_begin(env, NULL, 0, &txn));
    open_dbis(txn);
    for (uint32_t end = id + 500; id < end && id < nkeys; id++) {
      put_key(txn, id, 1, MDB_NOOVERWRITE);
      live[id] = 1;
    }
    CHECK(mdb_txn_commit(txn));
  }

  /* The expected errors, in a transaction that is then aborted. */
  CHECK(mdb_txn_begin(env, NULL, 0, &txn));
  open_dbis(txn);
  unsigned expected_errors = 0;
  for (uint32_t id = 0; id < nkeys; id += 7) {
    unsigned char kb[8];
    char buf[5001];
    MDB_val k = key_of(id, kb), v = {3, "new"};
    EXPECT(mdb_put(txn, db, &k, &v, MDB_NOOVERWRITE), MDB_KEYEXIST);
    size_t len = value_of(id, 1, buf); /* KEYEXIST hands back the old value */
    VERIFY(v.mv_size == len && memcmp(v.mv_data, buf, len) == 0);
    MDB_val missing = key_of(nkeys + 100 + id % 50, kb);
    EXPECT(mdb_get(txn, db, &missing, &v), MDB_NOTFOUND);
    EXPECT(mdb_del(txn, db, &missing, NULL), MDB_NOTFOUND);
    unsigned char dkb[4], dvb[4];
    put32(dkb, id % 37);
    put32(dvb, id);
    MDB_val dk = {4, dkb}, dv = {4, dvb};
    EXPECT(mdb_put(txn, dups, &dk, &dv, MDB_NODUPDATA), MDB_KEYEXIST);
    expected_errors += 4;
  }
  mdb_txn_abort(txn);

  /* Gets and cursors in a read-only transaction. */
  CHECK(mdb_txn_begin(env, NULL, MDB_RDONLY, &txn));
  for (uint32_t id = 0; id < nkeys + 200; id++)
    expect_value(txn, id);
  unsigned fwd_n, back_n;
  uint32_t fwd = walk(txn, 0, &fwd_n), back = walk(txn, 1, &back_n);
  VERIFY(fwd_n == nkeys && back_n == nkeys);
  /* The cursor's order is qsort's with the same order (a libc callback). */
  for (uint32_t i = 0; i < nkeys; i++)
    order[i] = i;
  qsort(order, nkeys, sizeof *order, cmp_ids);
  MDB_cursor *c;
  MDB_val k, v;
  CHECK(mdb_cursor_open(txn, db, &c));
  for (uint32_t i = 0; i < nkeys; i++) {
    CHECK(mdb_cursor_get(c, &k, &v, i ? MDB_NEXT : MDB_FIRST));
    VERIFY(get32(k.mv_data) == order[i]);
  }
  mdb_cursor_close(c);
  /* Duplicates: every key's count, and their descending order. */
  CHECK(mdb_cursor_open(txn, dups, &c));
  unsigned ndup = 0, nkey = 0;
  for (int rc = mdb_cursor_get(c, &k, &v, MDB_FIRST); rc == MDB_SUCCESS;
       rc = mdb_cursor_get(c, &k, &v, MDB_NEXT_NODUP)) {
    size_t cnt;
    CHECK(mdb_cursor_count(c, &cnt));
    uint32_t key = get32(k.mv_data), prev = get32(v.mv_data);
    VERIFY(cnt == nkeys / 37 + (key < nkeys % 37));
    while (mdb_cursor_get(c, &k, &v, MDB_NEXT_DUP) == MDB_SUCCESS) {
      uint32_t d = get32(v.mv_data);
      VERIFY(d < prev && d % 37 == key);
      prev = d;
    }
    ndup += (unsigned)cnt;
    nkey++;
  }
  VERIFY(ndup == nkeys && nkey == 37);
  mdb_cursor_close(c);
  /* Our recursion, 200 deep, into LMDB at every level. */
  uint32_t deep = 0;
  CHECK(mdb_cursor_open(txn, db, &c));
  for (uint32_t start = 1; start < 3; start++)
    deep ^= descend(txn, c, DEPTH, start * 101 % nkeys);
  mdb_cursor_close(c);
  mdb_txn_abort(txn);

  /* Deletes: every third key, by mdb_del or through a cursor; new
   * values for every fifth. */
  CHECK(mdb_txn_begin(env, NULL, 0, &txn));
  unsigned deleted = 0;
  for (uint32_t id = 0; id < nkeys; id += 3) {
    unsigned char kb[8];
    MDB_val key = key_of(id, kb);
    if (id % 2) {
      CHECK(mdb_del(txn, db, &key, NULL));
    } else {
      CHECK(mdb_cursor_open(txn, db, &c));
      CHECK(mdb_cursor_get(c, &key, &v, MDB_SET));
      CHECK(mdb_cursor_del(c, 0));
      mdb_cursor_close(c);
    }
    live[id] = 0;
    deleted++;
  }
  for (uint32_t id = 1; id < nkeys; id += 5)
    if (live[id]) {
      unsigned char kb[8];
      char buf[5001];
      MDB_val key = key_of(id, kb), val = {value_of(id, 2, buf), buf};
      CHECK(mdb_put(txn, db, &key, &val, 0));
      live[id] = 2;
    }
  CHECK(mdb_txn_commit(txn));

  /* A child transaction that is aborted: nothing it did remains. */
  CHECK(mdb_txn_begin(env, NULL, 0, &txn));
  VERIFY(count_entries(txn, db) == nkeys - deleted);
  CHECK(mdb_txn_begin(env, txn, 0, &child));
  unsigned char saved[400];
  memcpy(saved, live + nkeys - 200, 400);
  for (uint32_t id = nkeys; id < nkeys + 200; id++) {
    put_key(child, id, 3, MDB_NOOVERWRITE);
    live[id] = 3;
  }
  for (uint32_t id = nkeys - 200; id < nkeys; id++)
    if (live[id]) {
      unsigned char kb[8];
      MDB_val key = key_of(id, kb);
      CHECK(mdb_del(child, db, &key, NULL));
      live[id] = 0;
    }
  for (uint32_t id = nkeys - 200; id < nkeys + 200; id++)
    expect_value(child, id);
  unsigned child_n = count_entries(child, db);
  mdb_txn_abort(child);
  memcpy(live + nkeys - 200, saved, 400);
  for (uint32_t id = nkeys - 200; id < nkeys + 200; id++)
    expect_value(txn, id);
  VERIFY(count_entries(txn, db) == nkeys - deleted);
  /* A child that commits into its parent, which commits. */
  CHECK(mdb_txn_begin(env, txn, 0, &child));
  for (uint32_t id = nkeys; id < nkeys + 50; id++) {
    put_key(child, id, 4, 0);
    live[id] = 4;
  }
  CHECK(mdb_txn_commit(child));
  CHECK(mdb_txn_commit(txn));

  /* Everything again, after the deletes and the children. */
  CHECK(mdb_txn_begin(env, NULL, MDB_RDONLY, &txn));
  for (uint32_t id = 0; id < nkeys + 200; id++)
    expect_value(txn, id);
  unsigned after_n, after_back_n;
  uint32_t after = walk(txn, 0, &after_n);
  walk(txn, 1, &after_back_n);
  VERIFY(after_n == nkeys - deleted + 50 && after_back_n == after_n);
  CHECK(mdb_cursor_open(txn, db, &c));
  deep ^= descend(txn, c, DEPTH, 7);
  mdb_cursor_close(c);
  mdb_txn_abort(txn);
  int readers;
  CHECK(mdb_reader_check(env, &readers));
  VERIFY(readers == 0);
  mdb_env_close(env);

  unsigned full_after = fill_until_full();
  if (cleanup() != 0) {
    fprintf(stderr, "mdbround: the temporary directory was not left empty\n");
    return 1;
  }
  printf("mdbround: %u keys, %u deleted, child saw %u, %u expected errors, map full after %u puts, "
         "walks %08x %08x %08x, deep %08x, ok\n",
         nkeys, deleted, child_n, expected_errors, full_after, fwd, back, after, deep);
  free(live);
  free(order);
  return 0;
}
