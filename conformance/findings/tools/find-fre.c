/* SPDX-License-Identifier: MIT */
/* find-fre: decode a raw .sframe section with libsframe's public API and ask
 * sframe_find_fre for each section-relative PC (PC minus the section's
 * address).  Builds against libsframe 2.44 (binutils-dev) or 2.47.50
 * (libsframe-dev); see ../README.md for the build command.  Written for the
 * conformance findings; no libsframe code is copied here. */
#include <stdio.h>
#include <stdlib.h>
#include <sframe-api.h>

int main(int argc, char **argv) {
  static char buf[1 << 24];
  FILE *f = argc > 1 ? fopen(argv[1], "rb") : NULL;
  if (!f) { fprintf(stderr, "usage: find-fre SECTION [PC-OFFSET...]\n"); return 2; }
  size_t n = fread(buf, 1, sizeof buf, f);
  int err = 0;
  sframe_decoder_ctx *ctx = sframe_decode(buf, n, &err);
  if (!ctx) { printf("sframe_decode: error %d (%s)\n", err, sframe_errmsg(err)); return 1; }
  for (int i = 2; i < argc; i++) {
    sframe_frame_row_entry fre;
    long long pc = strtoll(argv[i], NULL, 0);
    if (sframe_find_fre(ctx, pc, &fre) != 0) { printf("find_fre(%#llx): not found\n", pc); continue; }
#ifdef SFRAME_VERSION_3
    int32_t cfa = sframe_fre_get_cfa_offset(ctx, &fre, 0, &err);
#else
    int32_t cfa = sframe_fre_get_cfa_offset(ctx, &fre, &err);
#endif
    printf("find_fre(%#llx): row start +%#x, CFA = %s+%d\n", pc, (unsigned)fre.fre_start_addr,
           sframe_fre_get_base_reg_id(&fre, &err) ? "sp" : "fp", (int)cfa);
  }
  sframe_decoder_free(&ctx);
  return 0;
}
