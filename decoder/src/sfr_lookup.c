/* sfr_lookup.c - PC to FDE to FRE to rules.
 * PC to FDE: binary search when the section says it is sorted and
 * validation agreed (sec->order_verified), linear otherwise.
 * FDE to FRE: PCINC - the last FRE whose start <= PC - function start;
 * PCMASK - the last FRE whose start <= (PC - function start) % rep_size;
 * version-1 PCMASK (no rep_size recorded) - only what holds for every
 * repeat size (pcmask_v1).
 *
 * The fast path.  sfr_validate has already read every FDE and FRE once, so
 * a lookup does not decode whole FDEs and FREs at every step: the search
 * reads only the start fields (search_starts), one FDE is decoded, the
 * function's FREs are skipped over by their start address and info byte
 * (next_row_start), and only the chosen one is decoded.  Every read is
 * still bounded and assembled from bytes, and the answers are those of
 * the simple path that decodes everything (sfr_lookup_simple.c), which the
 * lookup fuzz target (fuzz/targets/lookup.c) compares with this one. */
#include "sfr_cursor.h"
#include "sfr_lookup_simple.h"
#include "sframe_ref.h"

static int covers(const sfr_fde *fde, uint64_t pc) {
  return pc >= fde->start && pc - fde->start < fde->size;
}

/* 2.3.1: the address of the function of FDE i from its start field alone,
 * n (4: versions 1 and 2, a signed 32-bit field; 8: version 3) and be
 * being constants wherever this is inlined.  sfr_get_fde computes the
 * same address (resolve_start, which also reports a wrap); the sum modulo
 * 2^64 is the same number. */
static inline uint64_t start_of(const uint8_t *fdes, uint64_t i, uint64_t size, uint64_t base,
                                int pcrel, unsigned n, int be) {
  uint64_t raw = sfr_load(fdes + i * size, n, be);
  if (n == 4)
    raw = (uint64_t)sfr_sext(raw, 4);
  return base + raw + (pcrel ? i * size : 0);
}

#if defined(__GNUC__)
#define SFR_PREFETCH(p) __builtin_prefetch(p)
#else
#define SFR_PREFETCH(p) ((void)0)
#endif

/* The number of FDEs whose function starts at or below pc (the index of
 * the last such FDE plus one), from the start fields alone.  The search
 * halves a window without a data-dependent branch (the choice is a
 * conditional move), and fetches the start fields of both possible next
 * midpoints while the current one is compared, so that a large array costs
 * memory latency once per step rather than a mispredicted branch and a
 * miss.  n and be are constants in each caller below, so each gets a loop
 * of its own with one load per step.  The caller has checked that the FDE
 * array lies inside the buffer. */
static inline uint32_t search_starts(const sfr_section *sec, uint64_t pc, unsigned n, int be) {
  const uint8_t *fdes = sec->buf + sec->fde_start;
  uint64_t size = sec->fde_size, base = sec->vma, first = 0, len = sec->num_fdes;
  int pcrel = sec->version >= SFR_VERSION_2 && (sec->flags & SFR_F_FDE_FUNC_START_PCREL);
  if (len == 0)
    return 0;
  if (pcrel)
    base += sec->fde_start;
  while (len > 1) {
    uint64_t half = len / 2;
    SFR_PREFETCH(fdes + (first + half / 2) * size);
    SFR_PREFETCH(fdes + (first + half + half / 2) * size);
    first = start_of(fdes, first + half, size, base, pcrel, n, be) <= pc ? first + half : first;
    len -= half;
  }
  return (uint32_t)(first + (start_of(fdes, first, size, base, pcrel, n, be) <= pc));
}

sfr_lookup_status sfr_find_fde(const sfr_section *sec, uint64_t pc,
                               sfr_fde *fde) {
  if ((sec->flags & SFR_F_FDE_SORTED) && sec->order_verified) {
    /* order_verified: every FDE was read without error, in order. */
    uint32_t lo;
    uint64_t size = sec->version == SFR_VERSION_1   ? SFR_V1_FDE_SIZE
                    : sec->version == SFR_VERSION_2 ? SFR_V2_FDE_SIZE
                                                    : SFR_V3_FDE_INDEX_SIZE;
    if (sec->fde_size != size || sec->fde_start > sec->len ||
        (uint64_t)sec->num_fdes * size > sec->len - sec->fde_start)
      return SFR_LOOKUP_BAD_DATA; /* not a section sfr_open accepted */
    if (sec->version == SFR_VERSION_3)
      lo = sec->big_endian ? search_starts(sec, pc, 8, 1) : search_starts(sec, pc, 8, 0);
    else
      lo = sec->big_endian ? search_starts(sec, pc, 4, 1) : search_starts(sec, pc, 4, 0);
    if (lo == 0)
      return SFR_LOOKUP_NO_FDE;
    if (sfr_get_fde(sec, lo - 1, fde) != SFR_OK)
      return SFR_LOOKUP_BAD_DATA;
    return covers(fde, pc) ? SFR_LOOKUP_FOUND : SFR_LOOKUP_NO_FDE;
  }
  /* Linear (the first FDE in index order that covers the PC): the simple
   * path's, which has nothing to skip. */
  return sfr_find_fde_simple(sec, pc, fde);
}

/* Version 1 has no rep_size field (2.3.1 of version 1), so for a PCMASK
 * function the row of an offset off is the last row at or below off % R for
 * an unknown R >= 1.  Two answers hold for every R: off below the first
 * row's start gives no row (off % R <= off); with the first row at 0 and
 * off below the second row's start, the first row (0 <= off % R <= off).
 * Anything else depends on R: a linker's PLT (rows at 0 and 0xb, 16-byte
 * entries) read by the plain offset answers the second row at the start
 * of every entry after the first, where the first is right (N14). */
sfr_lookup_status sfr_pcmask_v1(sfr_lookup_status plain, const sfr_fre *row) {
  if (plain == SFR_LOOKUP_FOUND && row->index == 0 && row->start == 0)
    return SFR_LOOKUP_FOUND;
  if (plain == SFR_LOOKUP_NO_FRE)
    return SFR_LOOKUP_NO_FRE;
  return SFR_LOOKUP_REP_SIZE_UNKNOWN;
}

/* 2.4: the FRE at it->pos, read only as far as its start address and its
 * length (start, info byte, data words), with the checks sfr_fre_next
 * makes in the order it makes them; it->pos is not moved.  SFR_OK or the
 * finding sfr_fre_next would return. */
static sfr_status next_row_start(const sfr_section *sec, const sfr_fre_iter *it,
                                 uint32_t *start, uint64_t *length) {
  static const uint8_t addr_sizes[3] = {1, 2, 4}, word_sizes[4] = {1, 2, 4, 0};
  unsigned asz = addr_sizes[it->fre_type];
  uint64_t room;
  uint8_t info;
  if (it->pos > it->limit || it->limit - it->pos < asz + 1u)
    return SFR_E_TRUNCATED_FRE;
  room = it->limit - it->pos;
  *start = (uint32_t)sfr_load(sec->buf + it->pos, asz, sec->big_endian);
  info = sec->buf[it->pos + asz];
  if (word_sizes[(info >> 5) & 3u] == 0)
    return SFR_E_DATAWORD_SIZE_UNKNOWN;
  *length = asz + 1u + (uint64_t)((info >> 1) & 0x0fu) * word_sizes[(info >> 5) & 3u];
  return *length > room ? SFR_E_TRUNCATED_DATA_WORDS : SFR_OK;
}

sfr_lookup_status sfr_find_fre(const sfr_section *sec, const sfr_fde *fde,
                               uint64_t pc, sfr_fre *fre) {
  sfr_fre_iter it, chosen;
  sfr_fre row;
  uint64_t off;
  int found = 0, done = 0;
  sfr_lookup_status ls;

  if ((ls = sfr_row_offset(sec, fde, pc, &off)) != SFR_LOOKUP_FOUND)
    return ls;
  sfr_fre_iter_init(sec, fde, &it);
  if (it.total > 0 && it.fre_type > SFR_FRE_TYPE_ADDR4)
    return SFR_LOOKUP_BAD_DATA;
  chosen = it;
  /* The last row whose start <= off: each row up to the first one past
   * off is read as far as its length (an unreadable one is bad data, as
   * in the simple path). */
  for (; it.next < it.total; it.next++) {
    uint32_t start;
    uint64_t length;
    if (next_row_start(sec, &it, &start, &length) != SFR_OK)
      return SFR_LOOKUP_BAD_DATA;
    if (start > off)
      break;
    chosen = it;
    found = 1;
    it.pos += length;
  }
  if (found && (sfr_fre_next(sec, &chosen, &row, &done) != SFR_OK || done))
    return SFR_LOOKUP_BAD_DATA; /* not reached: the same bytes were just read */
  ls = found ? SFR_LOOKUP_FOUND : SFR_LOOKUP_NO_FRE;
  if (fde->pc_type == SFR_PCTYPE_MASK && sec->version == SFR_VERSION_1)
    ls = sfr_pcmask_v1(ls, &row);
  if (ls == SFR_LOOKUP_FOUND)
    *fre = row;
  return ls;
}

/* A lookup in the given PC mode, with the two steps given (this file's,
 * or the simple path's). */
sfr_lookup_status sfr_lookup_via(const sfr_section *sec, uint64_t pc, sfr_pc_mode mode,
                                 sfr_lookup_result *res, sfr_find_fde_fn find_fde,
                                 sfr_find_fre_fn find_fre) {
  sfr_lookup_status ls;
  /* Only what the status makes meaningful is written (sframe_ref.h): the
   * whole result is not cleared first, which costs as much as a search. */
  res->pc = pc;
  if (mode == SFR_PC_RA) {
    if (pc == 0)
      return SFR_LOOKUP_NO_FDE;
    pc -= 1; /* a return address belongs to the call before it */
  }
  res->pc = pc;
  ls = find_fde(sec, pc, &res->fde);
  if (ls != SFR_LOOKUP_FOUND)
    return ls;
  ls = find_fre(sec, &res->fde, pc, &res->fre);
  if (ls != SFR_LOOKUP_FOUND)
    return ls;
  if (sfr_interpret(sec, &res->fde, &res->fre, &res->rules) != SFR_OK)
    return SFR_LOOKUP_BAD_DATA;
  return SFR_LOOKUP_FOUND;
}

sfr_lookup_status sfr_lookup(const sfr_section *sec, uint64_t pc,
                             sfr_pc_mode mode, sfr_lookup_result *res) {
  return sfr_lookup_via(sec, pc, mode, res, sfr_find_fde, sfr_find_fre);
}

const char *sfr_lookup_status_name(sfr_lookup_status s) {
  static const char *const names[] = {"found", "no-fde", "no-fre", "bad-data",
                                      "rep-size-unknown"};
  return (unsigned)s < sizeof names / sizeof *names ? names[s] : "unknown";
}
