/* SPDX-License-Identifier: MIT */
/* truth_args.c - the plugin's arguments (key=value, listed at the top of
 * sfr_truth.c) into g and its modules, the modules' sections read and
 * their headers checked, and the callbacks registered: qemu_plugin_install.
 * One table of the keys; a key of the program or of the last lib= writes
 * that module. */
#include "truth.h"

/* VADDR:MEMSZ:OFFSET, an executable PT_LOAD of the module. */
static int arg_exec(module *cur, const char *v) {
  char *a = g_strdup(v), *c1 = strchr(a, ':'), *c2 = c1 ? strchr(c1 + 1, ':') : NULL;
  int ok = c1 && c2 && cur->n_xseg < MAX_XSEG;
  if (ok) {
    *c1 = *c2 = 0;
    unsigned i = cur->n_xseg++;
    ok = sfc_parse_u64(a, &cur->xseg[i].vaddr) && sfc_parse_u64(c1 + 1, &cur->xseg[i].memsz) &&
         sfc_parse_u64(c2 + 1, &cur->xseg[i].off);
  }
  g_free(a);
  return ok;
}

/* NAME:ADDR:SIZE, a PLT section of the module. */
static int arg_plt(module *cur, const char *v) {
  char *a = g_strdup(v), *c1 = strchr(a, ':'), *c2 = c1 ? strchr(c1 + 1, ':') : NULL;
  uint64_t addr = 0, size = 0;
  int kind = -1, ok = c1 && c2;
  if (ok) {
    *c1 = *c2 = 0;
    for (int i = 0; i < PLT_KINDS; i++)
      if (!strcmp(a, plt_names[i]))
        kind = i;
    ok = kind >= 0 && sfc_parse_u64(c1 + 1, &addr) && sfc_parse_u64(c2 + 1, &size);
  }
  if (ok && size) {
    cur->plt_lo[kind] = addr;
    cur->plt_hi[kind] = addr + size;
  }
  g_free(a);
  return ok;
}

static int arg_sframe(module *cur, const char *v) {
  cur->sec_path = g_strdup(v);
  return 1;
}
static int arg_vma(module *cur, const char *v) {
  cur->have_vma = 1;
  return sfc_parse_u64(v, &cur->vma);
}
static int arg_ldso(module *cur, const char *v) {
  cur->ldso = 1;
  return cur->path && sfc_parse_u64(v, &cur->ldso_vaddr);
}
static int arg_unwind(module *cur, const char *v) {
  (void)cur;
  g.full = !strcmp(v, "full");
  return g.full || !strcmp(v, "incremental");
}
static int arg_entry(module *cur, const char *v) {
  (void)cur;
  g.have_entry = 1;
  return sfc_parse_u64(v, &g.entry);
}
static int arg_stack(module *cur, const char *v) {
  (void)cur;
  return sfc_parse_u64(v, &g.stack_size) && g.stack_size > 0;
}

/* The keys: a number into u64, a string into str, or fn with the module
 * the key is for.  lib= (a new module) is apart: it can fail on its own. */
static const struct arg {
  const char *key;
  uint64_t *u64;
  char **str;
  int (*fn)(module *cur, const char *v);
} args[] = {
    {"sframe", NULL, NULL, arg_sframe}, {"vma", NULL, NULL, arg_vma},
    {"exec", NULL, NULL, arg_exec},     {"plt", NULL, NULL, arg_plt},
    {"ldso", NULL, NULL, arg_ldso},     {"entry", NULL, NULL, arg_entry},
    {"interp", &g.interp, NULL, NULL},  {"root", NULL, &g.root, NULL},
    {"out", NULL, &g.out_path, NULL},   {"snapdir", NULL, &g.snapdir, NULL},
    {"snaps", &g.snaps_max, NULL, NULL}, {"stride", &g.stride, NULL, NULL},
    {"wrongsnaps", &g.wrongsnaps_max, NULL, NULL}, {"pauth", &g.pauth, NULL, NULL},
    {"check", &g.check, NULL, NULL},    {"stack", NULL, NULL, arg_stack},
    {"progress", &g.progress, NULL, NULL}, {"unwind", NULL, NULL, arg_unwind},
    {"elide", &g.elide, NULL, NULL},    {"rowstep", &g.rowstep, NULL, NULL},
};

/* lib=PATH: a new module, known by its device and inode. */
static int arg_lib(const char *v) {
  struct stat st;
  if (g.n_mods == MAX_MODS) {
    fprintf(stderr, "sfr_truth: more than %d lib= are not supported\n", MAX_MODS - 1);
    return -1;
  }
  if (stat(v, &st) != 0) {
    fprintf(stderr, "sfr_truth: lib=%s: %s\n", v, strerror(errno));
    return -1;
  }
  module *m = &g.mod[g.n_mods++];
  m->path = g_strdup(v);
  m->dev = st.st_dev, m->ino = st.st_ino;
  return 0;
}

/* One key=value argument: 0, or -1 with the error said. */
static int parse_arg(char *arg) {
  char *eq = strchr(arg, '=');
  if (!eq) {
    fprintf(stderr, "sfr_truth: bad argument '%s' (want key=value)\n", arg);
    return -1;
  }
  *eq = 0;
  const char *k = arg, *v = eq + 1;
  if (!strcmp(k, "lib"))
    return arg_lib(v);
  for (size_t i = 0; i < sizeof args / sizeof args[0]; i++) {
    const struct arg *a = &args[i];
    if (strcmp(k, a->key) != 0)
      continue;
    int ok = 1;
    if (a->u64)
      ok = sfc_parse_u64(v, a->u64);
    else if (a->str)
      *a->str = g_strdup(v);
    else
      ok = a->fn(&g.mod[g.n_mods - 1], v);
    if (!ok)
      fprintf(stderr, "sfr_truth: bad value for %s: '%s'\n", k, v);
    return ok ? 0 : -1;
  }
  fprintf(stderr, "sfr_truth: unknown argument '%s'\n", k);
  return -1;
}

/* Module m's section read, its header checked, and its ABI this
 * emulator's.  0, or -1 with the error said. */
static int load_module(int m, const char *target) {
  module *md = &g.mod[m];
  const char *who = md->path ? md->path : "the program";
  gchar *bytes;
  gsize len;
  GError *err = NULL;
  sfr_section probe;
  sfr_finding where;
  if (!md->sec_path || !md->have_vma) {
    fprintf(stderr, "sfr_truth: %s: sframe=FILE and vma=ADDR are required\n", who);
    return -1;
  }
  if (md->path && !md->n_xseg) {
    fprintf(stderr, "sfr_truth: %s: exec=VADDR:MEMSZ:OFFSET is required\n", who);
    return -1;
  }
  if (!g_file_get_contents(md->sec_path, &bytes, &len, &err)) {
    fprintf(stderr, "sfr_truth: %s\n", err->message);
    return -1;
  }
  md->sec_bytes = (uint8_t *)bytes;
  md->sec_len = len;
  /* The header is checked now, the whole section where it was loaded. */
  sfr_status st = sfr_open(&probe, md->sec_bytes, md->sec_len, md->vma, &where);
  if (st != SFR_OK) {
    fprintf(stderr, "sfr_truth: %s: %s\n", md->sec_path, sfr_finding_message(st));
    return -1;
  }
  if ((probe.abi == SFR_ABI_AMD64_LE) != (g.arch == ARCH_X86_64) ||
      (probe.abi == SFR_ABI_S390X_BE) != (g.arch == ARCH_S390X)) {
    fprintf(stderr, "sfr_truth: %s: the section's ABI (%s) is not this emulator's (%s)\n",
            md->sec_path, sfr_abi_name(probe.abi), target);
    return -1;
  }
  md->sec.abi = probe.abi;
  if (!m)
    g.abi = probe.abi;
  return 0;
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info,
                                           int argc, char **argv) {
  g.n_mods = 1;
  g.stride = 10007;
  g.wrongsnaps_max = 50;
  g.check = 1;
  g.elide = 1;
  g.rowstep = 1;
  g.stack_size = 8u << 20;
  g.progress = 3;
  if (!strcmp(info->target_name, "x86_64"))
    g.arch = ARCH_X86_64;
  else if (!strcmp(info->target_name, "aarch64"))
    g.arch = ARCH_AARCH64;
  else if (!strcmp(info->target_name, "s390x"))
    g.arch = ARCH_S390X, g.big_endian = 1;
  else {
    fprintf(stderr, "sfr_truth: unsupported target %s\n", info->target_name);
    return -1;
  }
  for (int i = 0; i < argc; i++)
    if (parse_arg(argv[i]) != 0)
      return -1;
  for (int m = 0; m < g.n_mods; m++)
    if (load_module(m, info->target_name) != 0)
      return -1;
  if (!g.check || g.full)
    g.elide = 0; /* (nothing to share, or every walk made whole) */
  g_mutex_init(&g.lock);
  g.buckets = g_hash_table_new(bucket_hash, bucket_eq);
  g.reg_at = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free, g_free);
  g.t0 = g.last_progress = g_get_monotonic_time();
  g.score = qemu_plugin_scoreboard_new(sizeof(sboard));
  qemu_plugin_register_vcpu_init_cb(id, on_vcpu_init);
  qemu_plugin_register_vcpu_tb_trans_cb(id, on_tb_trans);
  qemu_plugin_register_vcpu_syscall_cb(id, on_syscall);
  qemu_plugin_register_vcpu_syscall_ret_cb(id, on_syscall_ret);
  qemu_plugin_register_atexit_cb(id, on_exit_cb, NULL);
  return 0;
}
