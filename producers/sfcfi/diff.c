/* SPDX-License-Identifier: MIT */
/* diff.c - `sfcfi diff A B`: two SFrame sections compared by meaning.
 *
 * Never by bytes: two sections are equal when every address reads the same
 * in both.  The addresses covered by a function of either section are cut
 * where either side's reading may change: a function's start and end, and
 * within a function where its rows change (PCINC: each row's start; PCMASK
 * of versions 2-3: wherever the PC's offset modulo rep_size reaches a row's
 * start or wraps; a version 1 PCMASK function is read by the plain offset,
 * so like PCINC, SPEC-NOTES N14).  Each piece is compared once: the rules
 * the oracle looks up there (sfr_lookup, SFR_PC_IP) on each side, made
 * comparable by sc_resolve (FIXED becomes AT_CFA at the header's offset, so
 * different fixed offsets or versions compare by what they say).
 *
 * A reading is what an unwinder gets at the address: the rules, the
 * function's signal bit (version 3; earlier versions cannot set it) and,
 * on AArch64 where the RA is signed, the function's PAuth key; or the
 * lookup's status when it finds no row (a version 3 default FDE without
 * rows reads as the outermost frame, as the oracle's unwinder takes it).
 * So PCMASK against PCINC, one function against two, or version 2 against
 * version 3 are no difference by themselves: only a different reading is.
 *
 * Functions are matched by address: a function of one side is "in both"
 * when a function of the other overlaps it.  "Addresses compared" counts
 * the pieces both sections cover; the pieces one covers alone are counted
 * apart and listed as only-a / only-b.  Neighbouring pieces of one
 * function with the same two readings are reported as one range.  Exit 0
 * when every piece is equal and nothing is in one section only; 1 when
 * not, when no piece was compared, or a section is invalid or of another
 * ABI; 2 when an input cannot be read.  All of it is O(n log n) in the
 * functions and linear in the rows. */
#include "sc_diff.h"
#include "sc_express.h"
#include "sfc_json.h"

#include <stdlib.h>
#include <string.h>

#define TEXT_LEN SC_READING_TEXT

/* ---- the pieces conserve.c shares ---- */
static int range_cmp(const void *x, const void *y) {
  const sc_range *a = x, *b = y;
  if (a->start != b->start)
    return a->start < b->start ? -1 : 1;
  return a->end < b->end ? -1 : a->end > b->end;
}

int sc_ranges_load(sc_ranges *rs, const sfr_section *sec) {
  memset(rs, 0, sizeof *rs);
  size_t n = sec->num_fdes ? sec->num_fdes : 1;
  rs->r = malloc(n * sizeof *rs->r);
  rs->maxend = malloc(n * sizeof *rs->maxend);
  if (!rs->r || !rs->maxend) {
    sc_ranges_free(rs);
    return -1;
  }
  for (uint32_t i = 0; i < sec->num_fdes; i++) {
    sfr_fde f;
    if (sfr_get_fde(sec, i, &f) != SFR_OK)
      continue;
    rs->r[rs->n].start = f.start;
    rs->r[rs->n].end = f.start + f.size;
    rs->r[rs->n].index = i;
    rs->n++;
  }
  qsort(rs->r, rs->n, sizeof *rs->r, range_cmp);
  uint64_t m = 0;
  for (size_t i = 0; i < rs->n; i++) {
    /* a function of size 0 counts as one byte for matching */
    uint64_t e = rs->r[i].end > rs->r[i].start ? rs->r[i].end : rs->r[i].start + 1;
    if (e > m)
      m = e;
    rs->maxend[i] = m;
  }
  return 0;
}

void sc_ranges_free(sc_ranges *rs) {
  free(rs->r);
  free(rs->maxend);
  memset(rs, 0, sizeof *rs);
}

size_t sc_ranges_below(const sc_ranges *rs, uint64_t addr) {
  size_t a = 0, b = rs->n;
  while (a < b) { /* the first function starting at or above addr */
    size_t m = a + (b - a) / 2;
    if (rs->r[m].start < addr)
      a = m + 1;
    else
      b = m;
  }
  return a;
}

int sc_ranges_overlap(const sc_ranges *rs, uint64_t lo, uint64_t hi) {
  size_t a = sc_ranges_below(rs, hi);
  return a > 0 && rs->maxend[a - 1] > lo;
}

int sc_fn_rows_enter(sc_fn_rows *f, const sfr_section *sec, uint32_t i) {
  if (f->have_fde && f->fde.index == i)
    return 0;
  f->have_fde = 0;
  f->nstarts = 0;
  f->bad = 0;
  if (sfr_get_fde(sec, i, &f->fde) != SFR_OK) {
    f->bad = 1;
    return 0;
  }
  f->have_fde = 1;
  sfr_fre_iter it;
  sfr_fre_iter_init(sec, &f->fde, &it);
  for (;;) {
    sfr_fre fre;
    int done = 0;
    if (sfr_fre_next(sec, &it, &fre, &done) != SFR_OK) {
      f->bad = 1;
      break;
    }
    if (done)
      break;
    if (sc_grow((void **)&f->starts, &f->cap, f->nstarts + 1, sizeof *f->starts) != 0) {
      f->have_fde = 0; /* not entered: enter again */
      return -1;
    }
    f->starts[f->nstarts++] = fre.start;
  }
  return 0;
}

void sc_fn_rows_free(sc_fn_rows *f) {
  free(f->starts);
  memset(f, 0, sizeof *f);
}

/* The first row start of f above off, or limit. */
static uint64_t next_start(const sc_fn_rows *f, uint64_t off, uint64_t limit) {
  size_t a = 0, b = f->nstarts;
  while (a < b) {
    size_t m = a + (b - a) / 2;
    if (f->starts[m] <= off)
      a = m + 1;
    else
      b = m;
  }
  return a < f->nstarts && f->starts[a] < limit ? f->starts[a] : limit;
}

uint64_t sc_fn_rows_piece_end(const sc_fn_rows *f, uint8_t version, uint64_t start, uint64_t end,
                              uint64_t pc) {
  if (!f->have_fde || f->bad)
    return pc + 1;
  const sfr_fde *fde = &f->fde;
  uint64_t off = pc - start, next;
  if (fde->pc_type == SFR_PCTYPE_MASK && sfr_has_rep_size(version)) {
    if (fde->rep_size == 0)
      return pc + 1;
    uint64_t m = off % fde->rep_size;
    next = pc + (next_start(f, m, fde->rep_size) - m);
  } else {
    next = pc + (next_start(f, off, end - start) - off);
  }
  return next < end && next > pc ? next : end;
}

void sc_read_at(const sfr_section *sec, uint64_t pc, sc_reading *out) {
  sfr_lookup_result res;
  memset(out, 0, sizeof *out);
  sfr_lookup_status ls = sfr_lookup(sec, pc, SFR_PC_IP, &res);
  out->status = ls;
  if (ls != SFR_LOOKUP_NO_FDE) {
    out->func = res.fde.start;
    out->fde_index = res.fde.index;
  }
  if (ls == SFR_LOOKUP_NO_FRE && sfr_allows_no_fres(sec->version) && res.fde.num_fres == 0 &&
      res.fde.fde_type == SFR_FDE_TYPE_DEFAULT) {
    /* version 3: a default FDE without rows is the outermost frame */
    memset(&res.rules, 0, sizeof res.rules);
    res.rules.outermost = 1;
    ls = SFR_LOOKUP_FOUND;
  }
  if (ls != SFR_LOOKUP_FOUND)
    return;
  out->found = 1;
  out->rules = res.rules;
  sc_resolve(sec, &out->rules);
  out->signal = res.fde.signal;
  if ((sec->abi == SFR_ABI_AARCH64_LE || sec->abi == SFR_ABI_AARCH64_BE) && out->rules.ra_mangled)
    out->key_b = res.fde.pauth_key;
}

int sc_readings_equal(const sc_reading *a, const sc_reading *b) {
  if (a->found != b->found)
    return 0;
  if (!a->found)
    return a->status == b->status;
  return sc_rules_equal(&a->rules, &b->rules) && a->signal == b->signal && a->key_b == b->key_b;
}

void sc_reading_text(uint8_t abi, const sc_reading *r, char *buf, size_t len) {
  if (!r->found) {
    snprintf(buf, len, "%s", sfr_lookup_status_name(r->status));
    return;
  }
  sc_rules_text(abi, &r->rules, buf, len);
  size_t n = strlen(buf);
  if (r->signal && n < len)
    n += (size_t)snprintf(buf + n, len - n, " signal");
  if (r->key_b && n < len)
    snprintf(buf + n, len - n, " key-b");
}

int sc_compare_span(const sfr_section *a, uint32_t fde_a, const sfr_section *b, const sc_ranges *rb,
                    uint64_t delta, sc_span *out) {
  memset(out, 0, sizeof *out);
  sc_fn_rows fa, fb;
  memset(&fa, 0, sizeof fa);
  memset(&fb, 0, sizeof fb);
  int rc = 0;
  if (sc_fn_rows_enter(&fa, a, fde_a) != 0) {
    rc = -1;
    goto done;
  }
  if (!fa.have_fde)
    goto done; /* unreadable: nothing compared */
  uint64_t lo = fa.fde.start, hi = fa.fde.start + fa.fde.size;
  for (uint64_t pc = lo; pc < hi;) {
    uint64_t end = sc_fn_rows_piece_end(&fa, a->version, lo, hi, pc);
    uint64_t pb = pc + delta;
    sc_reading ra, rbd;
    sc_read_at(a, pc, &ra);
    sc_read_at(b, pb, &rbd);
    if (rbd.status != SFR_LOOKUP_NO_FDE) {
      /* b's function there: cut where its reading may change */
      if (sc_fn_rows_enter(&fb, b, rbd.fde_index) != 0) {
        rc = -1;
        goto done;
      }
      if (fb.have_fde) {
        uint64_t fs = fb.fde.start, fe = fb.fde.start + fb.fde.size;
        if (pb >= fs && pb < fe) {
          uint64_t e = sc_fn_rows_piece_end(&fb, b->version, fs, fe, pb) - delta;
          if (e > pc && e < end)
            end = e;
        }
      }
    }
    if (rb) {
      /* a function of b starting inside the piece (where b covered
       * nothing, or functions overlap) */
      size_t k = sc_ranges_below(rb, pb + 1);
      if (k < rb->n && rb->r[k].start - delta > pc && rb->r[k].start - delta < end)
        end = rb->r[k].start - delta;
    }
    if (end <= pc || end > hi)
      end = hi;
    out->pieces++;
    if (rbd.status == SFR_LOOKUP_NO_FDE)
      out->uncovered++;
    if (sc_readings_equal(&ra, &rbd)) {
      out->equal++;
    } else {
      out->different++;
      if (!out->have_first) {
        out->have_first = 1;
        out->first_a = pc;
        out->first_b = pb;
        sc_reading_text(a->abi, &ra, out->text_a, sizeof out->text_a);
        sc_reading_text(b->abi, &rbd, out->text_b, sizeof out->text_b);
      }
    }
    pc = end;
  }
done:
  sc_fn_rows_free(&fa);
  sc_fn_rows_free(&fb);
  return rc;
}

/* ---- sfcfi diff ---- */

/* One side: its section, its functions by start, and the function the
 * sweep is in, with its rows' starts. */
typedef struct side {
  const char *path;
  sc_sframe_file file;
  sc_sframe sf;
  sc_ranges rs;
  sc_fn_rows cur;      /* the current function */
} side;

typedef struct item {
  const char *kind;    /* "differ", "only-a", "only-b" */
  uint64_t start, end;
  uint64_t func;       /* the function's start (for its name) */
  int func_side;       /* 0 A, 1 B: whose function it is */
  uint64_t func_b;     /* "differ": B's function's start */
  char a[TEXT_LEN], b[TEXT_LEN];
} item;

typedef struct state {
  side s[2];
  item *items;
  size_t nitems, icap;
  size_t both, only[2];
  size_t pieces, equal, different; /* pieces both sections cover */
  size_t one_sided[2];              /* pieces only A, only B covers */
  int oom;
} state;

/* Whether item b continues a (same kind, functions and readings, starting
 * where a ends): a is extended to cover it. */
static int extends(void *a, const void *b) {
  item *l = a;
  const item *it = b;
  if (l->end != it->start || l->kind != it->kind || l->func_side != it->func_side ||
      l->func != it->func || l->func_b != it->func_b || strcmp(l->a, it->a) != 0 ||
      strcmp(l->b, it->b) != 0)
    return 0;
  l->end = it->end;
  return 1;
}

/* Adds [lo, hi) to the list, extending the last item when it continues it. */
static void add(state *s, const char *kind, uint64_t lo, uint64_t hi, int fside, uint64_t func,
                uint64_t func_b, const char *a, const char *b) {
  item it;
  memset(&it, 0, sizeof it);
  it.kind = kind;
  it.start = lo;
  it.end = hi;
  it.func_side = fside;
  it.func = func;
  it.func_b = func_b;
  snprintf(it.a, sizeof it.a, "%s", a);
  snprintf(it.b, sizeof it.b, "%s", b);
  if (sc_run_add((void **)&s->items, &s->nitems, &s->icap, sizeof it, &it, extends) != 0)
    s->oom = 1;
}

/* The sweep over every address either side covers. */
static void sweep(state *s) {
  side *A = &s->s[0], *B = &s->s[1];
  uint8_t abi = A->sf.sec.abi;
  size_t i[2] = {0, 0};
  uint64_t pc = 0;
  int started = 0;
  while (!s->oom) {
    /* drop the functions that end at or below pc (and empty ones) */
    for (int k = 0; k < 2; k++) {
      side *d = &s->s[k];
      while (i[k] < d->rs.n && (d->rs.r[i[k]].end <= d->rs.r[i[k]].start || (started && d->rs.r[i[k]].end <= pc)))
        i[k]++;
    }
    int more[2] = {i[0] < A->rs.n, i[1] < B->rs.n};
    if (!more[0] && !more[1])
      break;
    uint64_t first = UINT64_MAX;
    for (int k = 0; k < 2; k++)
      if (more[k] && s->s[k].rs.r[i[k]].start < first)
        first = s->s[k].rs.r[i[k]].start;
    if (!started || first > pc) {
      pc = first;
      started = 1;
    }
    int cov[2];
    uint64_t end = UINT64_MAX;
    for (int k = 0; k < 2; k++) {
      side *d = &s->s[k];
      cov[k] = more[k] && d->rs.r[i[k]].start <= pc;
      uint64_t e;
      if (cov[k]) {
        const sc_range *r = &d->rs.r[i[k]];
        if (sc_fn_rows_enter(&d->cur, &d->sf.sec, r->index) != 0) {
          s->oom = 1;
          return;
        }
        e = sc_fn_rows_piece_end(&d->cur, d->sf.sec.version, r->start, r->end, pc);
      } else {
        e = more[k] ? d->rs.r[i[k]].start : UINT64_MAX;
      }
      if (e < end)
        end = e;
    }
    if (end <= pc)
      end = pc + 1;
    if (cov[0] && cov[1]) {
      s->pieces++;
      sc_reading ra, rb;
      sc_read_at(&A->sf.sec, pc, &ra);
      sc_read_at(&B->sf.sec, pc, &rb);
      if (sc_readings_equal(&ra, &rb)) {
        s->equal++;
      } else {
        char ta[TEXT_LEN], tb[TEXT_LEN];
        sc_reading_text(abi, &ra, ta, sizeof ta);
        sc_reading_text(abi, &rb, tb, sizeof tb);
        s->different++;
        add(s, "differ", pc, end, 0, A->rs.r[i[0]].start, B->rs.r[i[1]].start, ta, tb);
      }
    } else {
      int k = cov[0] ? 0 : 1;
      s->one_sided[k]++;
      add(s, k ? "only-b" : "only-a", pc, end, k, s->s[k].rs.r[i[k]].start, 0, "", "");
    }
    if (end == UINT64_MAX)
      break; /* nothing can lie above */
    pc = end;
  }
}

/* The name of the function at addr of side k: its symbol when either input
 * is an ELF file with one, else "?". */
static const char *func_name(const state *s, int k, uint64_t addr) {
  for (int j = 0; j < 2; j++) {
    const side *d = &s->s[j ? 1 - k : k];
    if (!d->file.is_elf)
      continue;
    const char *n = sc_elf_symbol(&d->file.elf, addr);
    if (n[0])
      return n;
  }
  return "?";
}

static void print_text(const state *s, FILE *out) {
  const side *A = &s->s[0], *B = &s->s[1];
  fprintf(out, "sfcfi diff: %s (SFrame version %u) against %s (SFrame version %u), %s\n", A->path,
          A->sf.sec.version, B->path, B->sf.sec.version, sfr_abi_name(A->sf.sec.abi));
  fprintf(out, "functions: %zu in both, %zu only in A, %zu only in B\n", s->both, s->only[0], s->only[1]);
  fprintf(out, "addresses compared in %zu pieces: %zu equal, %zu different\n", s->pieces, s->equal,
          s->different);
  fprintf(out, "addresses in one section only: %zu pieces in A only, %zu in B only\n", s->one_sided[0],
          s->one_sided[1]);
  for (size_t i = 0; i < s->nitems; i++) {
    const item *it = &s->items[i];
    fprintf(out, "%s %s 0x%llx-0x%llx", it->kind, func_name(s, it->func_side, it->func),
            (unsigned long long)it->start, (unsigned long long)it->end);
    if (it->kind[0] == 'd')
      fprintf(out, " a: %s b: %s", it->a, it->b);
    fputc('\n', out);
  }
}

static void print_json(const state *s, FILE *out) {
  const side *A = &s->s[0], *B = &s->s[1];
  fprintf(out, "{\"a\": ");
  sfc_json_str(out, A->path);
  fprintf(out, ", \"b\": ");
  sfc_json_str(out, B->path);
  fprintf(out, ", \"abi\": \"%s\", \"version_a\": %u, \"version_b\": %u,\n", sfr_abi_name(A->sf.sec.abi),
          A->sf.sec.version, B->sf.sec.version);
  fprintf(out, " \"functions\": {\"both\": %zu, \"only_a\": %zu, \"only_b\": %zu},\n", s->both, s->only[0],
          s->only[1]);
  fprintf(out,
          " \"pieces\": {\"compared\": %zu, \"equal\": %zu, \"different\": %zu, \"only_a\": %zu, "
          "\"only_b\": %zu},\n",
          s->pieces, s->equal, s->different, s->one_sided[0], s->one_sided[1]);
  fprintf(out, " \"items\": [");
  for (size_t i = 0; i < s->nitems; i++) {
    const item *it = &s->items[i];
    fprintf(out, "%s\n  {\"kind\": \"%s\", \"function\": ", i ? "," : "", it->kind);
    sfc_json_str(out, func_name(s, it->func_side, it->func));
    fprintf(out, ", \"start\": \"0x%llx\", \"end\": \"0x%llx\"", (unsigned long long)it->start,
            (unsigned long long)it->end);
    if (it->kind[0] == 'd') {
      fprintf(out, ", \"a\": ");
      sfc_json_str(out, it->a);
      fprintf(out, ", \"b\": ");
      sfc_json_str(out, it->b);
    }
    fputc('}', out);
  }
  fprintf(out, "%s]}\n", s->nitems ? "\n " : "");
}

/* Loads and opens side k; the exit status on failure (message printed). */
static int open_side(side *d, const char *path, int raw, uint64_t vma, FILE *errf) {
  char err[256];
  d->path = path;
  if (sc_sframe_file_load(&d->file, path, raw, vma, err, sizeof err) != 0) {
    /* (some of its messages name the file, some do not) */
    size_t n = strlen(path);
    if (strncmp(err, path, n) == 0 && err[n] == ':')
      fprintf(errf, "sfcfi: %s\n", err);
    else
      fprintf(errf, "sfcfi: %s: %s\n", path, err);
    return 2;
  }
  if (sc_sframe_open(&d->sf, d->file.bytes, d->file.len, d->file.vma, err, sizeof err) != 0) {
    fprintf(errf, "sfcfi: %s: %s\n", path, err);
    return 1;
  }
  if (d->sf.rejects) {
    fprintf(errf, "sfcfi: %s: the SFrame section is not valid (%s): run sfref validate\n", path,
            sc_sframe_rejection(&d->sf));
    return 1;
  }
  return 0;
}

static void close_side(side *d) {
  sc_ranges_free(&d->rs);
  sc_fn_rows_free(&d->cur);
  sc_sframe_close(&d->sf);
  sc_sframe_file_unload(&d->file);
}

int sc_diff(const sc_diff_opts *o, FILE *out, FILE *errf) {
  state s;
  memset(&s, 0, sizeof s);
  int rc = open_side(&s.s[0], o->a, o->raw, o->vma_a, errf);
  if (rc == 0)
    rc = open_side(&s.s[1], o->b, o->raw, o->vma_b, errf);
  if (rc == 0 && s.s[0].sf.sec.abi != s.s[1].sf.sec.abi) {
    fprintf(errf, "sfcfi: %s is for %s, %s for %s: sections of different ABIs cannot be compared\n", o->a,
            sfr_abi_name(s.s[0].sf.sec.abi), o->b, sfr_abi_name(s.s[1].sf.sec.abi));
    rc = 1;
  }
  if (rc == 0 && (sc_ranges_load(&s.s[0].rs, &s.s[0].sf.sec) != 0 || sc_ranges_load(&s.s[1].rs, &s.s[1].sf.sec) != 0))
    s.oom = 1;
  if (rc == 0 && !s.oom) {
    for (int k = 0; k < 2; k++) {
      const side *d = &s.s[k], *other = &s.s[1 - k];
      for (size_t i = 0; i < d->rs.n; i++) {
        uint64_t hi = d->rs.r[i].end > d->rs.r[i].start ? d->rs.r[i].end : d->rs.r[i].start + 1;
        if (sc_ranges_overlap(&other->rs, d->rs.r[i].start, hi)) {
          if (k == 0)
            s.both++;
        } else {
          s.only[k]++;
        }
      }
    }
    sweep(&s);
  }
  if (rc == 0 && s.oom) {
    fprintf(errf, "sfcfi: out of memory\n");
    rc = 2;
  }
  if (rc == 0) {
    if (o->json)
      print_json(&s, out);
    else
      print_text(&s, out);
    if (s.pieces + s.one_sided[0] + s.one_sided[1] == 0) {
      fprintf(errf, "sfcfi: %s and %s: neither section has a function covering an address: nothing compared\n",
              o->a, o->b);
      rc = 1;
    } else if (s.pieces == 0) {
      fprintf(errf, "sfcfi: %s and %s: no address is in a function of both sections: nothing compared\n", o->a,
              o->b);
      rc = 1;
    } else {
      rc = s.different || s.one_sided[0] || s.one_sided[1] || s.only[0] || s.only[1] ? 1 : 0;
    }
  }
  free(s.items);
  close_side(&s.s[0]);
  close_side(&s.s[1]);
  return rc;
}
