/* SPDX-License-Identifier: MIT */
/* unwind.c - `sfref unwind`: read a snapshot (decoder/SNAPSHOT.md), unwind
 * it with sfr_backtrace and print the frames. */
#include "unwind.h"
#include "sfc_tools.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static int hexval(int c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

/* Appends the hex bytes of the words in `rest` to a new range at addr. */
static int add_mem(snapshot *s, uint64_t addr, char *rest, const char **why) {
  size_t cap = strlen(rest) / 2 + 1, n = 0, i;
  uint8_t *b;
  snap_mem *m;
  char *p;
  if (!(b = malloc(cap)))
    return *why = "out of memory", -1;
  for (p = rest; *p; p++) {
    int hi, lo;
    if (isspace((unsigned char)*p))
      continue;
    hi = hexval((unsigned char)p[0]);
    lo = hi < 0 ? -1 : hexval((unsigned char)p[1]);
    if (lo < 0) {
      free(b);
      return *why = "memory bytes must be pairs of hex digits", -1;
    }
    b[n++] = (uint8_t)(hi << 4 | lo);
    p++;
  }
  if (n == 0 || addr + n - 1 < addr) {
    free(b);
    return *why = n ? "memory range wraps past the end of the address space"
                    : "no bytes after the address", -1;
  }
  for (i = 0; i < s->nmem; i++)
    if (addr <= s->mem[i].addr + (s->mem[i].len - 1) && s->mem[i].addr <= addr + (n - 1)) {
      free(b);
      return *why = "memory range overlaps an earlier one", -1;
    }
  if (!(m = realloc(s->mem, (s->nmem + 1) * sizeof *m))) {
    free(b);
    return *why = "out of memory", -1;
  }
  s->mem = m;
  m[s->nmem].addr = addr;
  m[s->nmem].len = n;
  m[s->nmem].bytes = b;
  s->nmem++;
  return 0;
}

int snapshot_read(FILE *f, snapshot *s, char *err, size_t errlen) {
  char line[8192];
  unsigned lineno = 0;
  int have_pc = 0, have_sp = 0, have_fp = 0;
  memset(s, 0, sizeof *s);
  s->max_frames = 64;
  while (fgets(line, sizeof line, f)) {
    char *key, *val, *rest, *hash;
    const char *why = NULL;
    uint64_t v = 0;
    lineno++;
    if (!strchr(line, '\n') && !feof(f)) {
      why = "line too long";
      goto bad;
    }
    if ((hash = strchr(line, '#')))
      *hash = 0;
    key = strtok(line, " \t\r\n");
    if (!key)
      continue;
    val = strtok(NULL, " \t\r\n");
    rest = strtok(NULL, "\r\n");
    if (!sfc_parse_u64(val, &v)) {
      why = "expected a number after the key";
      goto bad;
    }
    if (strcmp(key, "mem") == 0) {
      if (!rest || add_mem(s, v, rest, &why) < 0) {
        if (!why)
          why = "no bytes after the address";
        goto bad;
      }
      continue;
    }
    if (strcmp(key, "reg") != 0 && rest && strspn(rest, " \t") != strlen(rest)) {
      why = "unexpected text after the value";
      goto bad;
    }
    if (strcmp(key, "pc") == 0 && !have_pc++)
      s->regs.pc = v;
    else if (strcmp(key, "sp") == 0 && !have_sp++)
      s->regs.sp = v;
    else if (strcmp(key, "fp") == 0 && !have_fp++)
      s->regs.fp = v;
    else if (strcmp(key, "ra") == 0 && !s->regs.ra_valid) {
      s->regs.ra = v;
      s->regs.ra_valid = 1;
    } else if (strcmp(key, "reg") == 0) {
      uint64_t x;
      char *rv = rest ? strtok(rest, " \t") : NULL;
      if (v >= SFR_MAX_REGS || !sfc_parse_u64(rv, &x) || strtok(NULL, " \t")) {
        why = "expected `reg N VALUE` with N below 64";
        goto bad;
      }
      if ((s->regs.gpr_valid >> v) & 1u) {
        why = "register given twice";
        goto bad;
      }
      s->regs.gpr[v] = x;
      s->regs.gpr_valid |= (uint64_t)1 << v;
    } else if (strcmp(key, "pauth-mask") == 0) {
      s->pauth_mask = v;
    } else if (strcmp(key, "max-frames") == 0) {
      if (v == 0 || v > SNAP_MAX_FRAMES) {
        why = "max-frames must be 1 to 4096";
        goto bad;
      }
      s->max_frames = (size_t)v;
    } else {
      why = strcmp(key, "pc") && strcmp(key, "sp") && strcmp(key, "fp") && strcmp(key, "ra")
                ? "unknown key" : "register given twice";
      goto bad;
    }
    continue;
  bad:
    snprintf(err, errlen, "%u: %s", lineno, why);
    snapshot_free(s);
    return -1;
  }
  if (!have_pc || !have_sp) {
    snprintf(err, errlen, "%u: the snapshot needs `pc` and `sp`", lineno);
    snapshot_free(s);
    return -1;
  }
  return 0;
}

void snapshot_free(snapshot *s) {
  size_t i;
  for (i = 0; i < s->nmem; i++)
    free(s->mem[i].bytes);
  free(s->mem);
  s->mem = NULL;
  s->nmem = 0;
}

int snapshot_read_mem(void *ctx, uint64_t addr, uint8_t *out, size_t n) {
  const snapshot *s = ctx;
  size_t k, i;
  for (k = 0; k < n; k++) {
    uint64_t a = addr + k;
    if (a < addr)
      return -1; /* wraps */
    for (i = 0; i < s->nmem; i++)
      if (a >= s->mem[i].addr && a - s->mem[i].addr < s->mem[i].len)
        break;
    if (i == s->nmem)
      return -1;
    out[k] = s->mem[i].bytes[a - s->mem[i].addr];
  }
  return 0;
}

size_t snapshot_backtrace(const sfr_section *sec, const snapshot *s, sfr_regs *frames,
                          sfr_stop *why) {
  sfr_unwind_ctx uc;
  uc.sec = sec;
  uc.read_mem = snapshot_read_mem;
  uc.mem_ctx = (void *)s;
  uc.pauth_mask = s->pauth_mask;
  *why = SFR_STOP_FRAME_LIMIT;
  return sfr_backtrace(&uc, &s->regs, frames, s->max_frames, why);
}

sfr_stop unwind_print(FILE *out, const sfr_section *sec, const snapshot *s, int json) {
  sfr_regs *frames = calloc(s->max_frames, sizeof *frames);
  sfr_stop why = SFR_STOP_FRAME_LIMIT;
  size_t n, i;
  if (!frames) {
    fprintf(stderr, "sfref: error: out of memory\n");
    return SFR_STOP_BAD_DATA;
  }
  n = snapshot_backtrace(sec, s, frames, &why);
  if (json)
    fprintf(out, "{\"schema\":\"sframe-conformance/unwind/1\",\"frames\":[");
  for (i = 0; i < n; i++) {
    if (json)
      fprintf(out, "%s{\"pc\":\"0x%" PRIx64 "\",\"sp\":\"0x%" PRIx64 "\",\"fp\":\"0x%" PRIx64 "\"}",
              i ? "," : "", frames[i].pc, frames[i].sp, frames[i].fp);
    else
      fprintf(out, "#%zu pc 0x%" PRIx64 " sp 0x%" PRIx64 " fp 0x%" PRIx64 "\n", i, frames[i].pc,
              frames[i].sp, frames[i].fp);
  }
  if (json)
    fprintf(out, "],\"stop\":\"%s\"}\n", sfr_stop_name(why));
  else
    fprintf(out, "stop: %s\n", sfr_stop_name(why));
  free(frames);
  return why;
}
