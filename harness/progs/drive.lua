-- SPDX-License-Identifier: MIT
-- drive.lua - drive real code nobody here wrote: Lua 5.4 (Debian's lua5.4
-- source package, compiled by the harness with each producer) runs this
-- script, which makes the interpreter raise and catch errors at many
-- depths (longjmp through the C stack), call back from C into Lua
-- (table.sort, string.gsub, load's reader, metamethods), switch coroutines,
-- and recurse both Lua-to-Lua and through C (pcall, metamethods, gsub,
-- sort, the parser), pcalls nested DEPTH deep (LUAI_MAXCCALLS is 200).
--
-- Usage: lua drive.lua [SCALE [DEPTH]]   (defaults 1 and 150).  DEPTH is
-- how many pcalls deep the deepest nest goes (10 to 190); under the harness
-- its cost grows as its square (every instruction unwinds every frame).
-- Deterministic: no clock, no random seed, no addresses, no pairs() order,
-- no file paths in the output.  Prints one checksum line per part and a
-- last "ok" line; exit 0 when every check held, 1 (an uncaught error)
-- otherwise, 2 on usage errors.

local scale = math.tointeger(tonumber(arg and arg[1] or "1"))
local depth = math.tointeger(tonumber(arg and arg[2] or "150"))
if not scale or scale < 1 or not depth or depth < 10 or depth > 190 then
  io.stderr:write("usage: lua drive.lua [SCALE [DEPTH]]   (SCALE >= 1, 10 <= DEPTH <= 190)\n")
  os.exit(2)
end

-- 32-bit FNV-1a over the strings each part produces.
local H, checks = 0, 0
local function mix(v)
  local s, h = tostring(v), H
  for i = 1, #s do h = ((h ~ s:byte(i)) * 16777619) & 0xffffffff end
  H = h
end
local function check(cond, what)
  checks = checks + 1
  if not cond then error("check failed: " .. what, 2) end
end
-- An error message without its "chunkname:line: " prefix (the chunkname
-- holds the script's path, which differs between checkouts).
local function bare(msg)
  return (tostring(msg):gsub("^[^\n]-:%d+: ", ""))
end

local parts = {}
local function part(name, fn)
  H, checks = 2166136261, 0
  fn()
  parts[#parts + 1] = string.format("%-10s %08x %5d checks", name, H, checks)
end

---------------------------------------------------------------------------
-- Errors raised at depth N and caught, rethrown and caught again on the
-- way out: strings, tables, tables with __tostring, runtime errors.
part("errors", function()
  local meta = { __tostring = function(e) return "E<" .. e.code .. ">" end }
  local function thrower(d, kind)
    if kind == 0 then error({ code = d, hops = 0 })
    elseif kind == 1 then error("depth " .. d, 0)
    elseif kind == 2 then local t = nil; return t.x -- runtime error
    elseif kind == 3 then error(setmetatable({ code = d, hops = 0 }, meta))
    else return ("x" .. d) + 1 end -- string arithmetic error
  end
  -- Recurse to depth n; every third level runs the rest under pcall,
  -- records the error and rethrows it outward.
  local function nest(d, n, kind, trail)
    if d == n then thrower(d, kind) end
    if d % 3 == 0 then
      local ok, e = pcall(nest, d + 1, n, kind, trail)
      check(not ok, "nest must fail")
      trail[#trail + 1] = d
      if type(e) == "table" then e.hops = e.hops + 1 end
      error(e, 0)
    end
    local r = nest(d + 1, n, kind, trail) -- not a tail call
    return r + 1
  end
  for round = 1, scale do
    for _, n in ipairs({ 1, 2, 4, 7, 11, 16, 22, 30, 40 }) do
      for kind = 0, 4 do
        local trail = {}
        local ok, e = pcall(nest, 0, n, kind, trail)
        check(not ok, "outer pcall must fail")
        check(#trail == (n - 1) // 3 + 1, "trail length")
        if type(e) == "table" then
          check(e.code == n and e.hops == #trail, "error object travelled")
          mix((getmetatable(e) and tostring(e) or "T" .. e.code) .. "/" .. e.hops)
        else
          mix(bare(e))
        end
        mix(round + #trail)
      end
    end
  end
  -- xpcall: the message handler runs at the point of the error, with the
  -- whole stack still there; it counts the levels and wraps the error.
  local function handler(e)
    local levels = 0
    while debug.getinfo(levels + 2, "l") do levels = levels + 1 end
    return { msg = bare(e), levels = levels }
  end
  local function down(d) if d == 0 then error("bottom") end local r = down(d - 1) return r end
  for d = 0, 60, 12 do
    local ok, e = xpcall(down, handler, d)
    check(not ok and e.msg == "bottom" and e.levels >= d, "xpcall handler")
    mix(e.msg .. e.levels)
  end
  -- A handler that itself fails once: Lua calls it again on its own error
  -- (were it to fail every time, it would recurse to the C stack limit).
  local failed = 0
  local ok, e = xpcall(function() error("first", 0) end, function(m)
    failed = failed + 1
    if failed == 1 then error("second", 0) end
    return "handled " .. m
  end)
  check(not ok and failed == 2 and e == "handled second", "failing handler")
  mix(e)
  -- error() with levels, assert with a message, error with nil.
  local function lvl(l) error("at level", l) end
  for l = 0, 2 do local _, m = pcall(lvl, l) mix(bare(m)) end
  ok, e = pcall(assert, false, "asserted")
  check(e == "asserted", "assert message")
  ok, e = pcall(error)
  check(not ok and e == nil, "error(nil)")
  -- to-be-closed variables are closed while an error unwinds through them.
  local closed = {}
  local function guarded(d)
    local c <close> = setmetatable({}, { __close = function(_, err)
      closed[#closed + 1] = d .. ":" .. bare(err or "none") end })
    if d == 0 then error("unwind", 0) end
    guarded(d - 1)
  end
  ok, e = pcall(guarded, 5)
  check(not ok and #closed == 6, "every <close> ran")
  mix(table.concat(closed, ","))
end)

---------------------------------------------------------------------------
-- C calling Lua: sort comparators, gsub replacement functions, load's
-- reader, metamethods reached from the VM and from the library.
part("callbacks", function()
  -- A deterministic sequence (a linear congruential generator of our own).
  local seed = 12345
  local function rnd(n) seed = (seed * 1103515245 + 12345) & 0x7fffffff return seed % n end
  for round = 1, scale do
    local recs = {}
    for i = 1, 150 do recs[i] = { k = rnd(50), n = rnd(1000), id = i } end
    table.sort(recs, function(a, b)
      if a.k ~= b.k then return a.k < b.k end
      if a.n ~= b.n then return a.n > b.n end
      return a.id < b.id
    end)
    for i = 2, #recs do
      local a, b = recs[i - 1], recs[i]
      check(a.k < b.k or (a.k == b.k and (a.n > b.n or (a.n == b.n and a.id < b.id))), "sorted")
    end
    mix(recs[1].id .. "," .. recs[75].id .. "," .. recs[150].id)
    -- Objects ordered by __lt alone: the library's comparisons call it.
    local V = {}
    V.__lt = function(a, b) return a.v < b.v end
    V.__add = function(a, b) return setmetatable({ v = a.v + (type(b) == "table" and b.v or b) }, V) end
    V.__eq = function(a, b) return a.v == b.v end
    V.__len = function(a) return a.v % 7 end
    V.__concat = function(a, b) return tostring(a.v or a) .. "|" .. tostring(b.v or b) end
    local objs = {}
    for i = 1, 80 do objs[i] = setmetatable({ v = rnd(10000) }, V) end
    table.sort(objs)
    local acc = setmetatable({ v = 0 }, V)
    for i = 1, #objs do
      if i > 1 then check(not (objs[i] < objs[i - 1]), "__lt order") end
      acc = acc + objs[i] + 1
    end
    mix(acc.v .. ":" .. #acc .. ":" .. (objs[1] .. objs[2]))
  end
  -- gsub with a function, a table with an __index function, and nested
  -- gsub (recursion through the C library).
  local text = string.rep("alpha beta gamma delta 12 345 6789 ", 8 * scale)
  local n1 = 0
  local up = text:gsub("%a+", function(w) n1 = n1 + 1; return w:upper():reverse() end)
  local lookup = setmetatable({}, { __index = function(_, k) return "<" .. #k .. ">" end })
  local nums = text:gsub("%d+", lookup)
  mix(up:sub(1, 40) .. nums:sub(1, 60) .. n1)
  local function expand(s, depth)
    return (s:gsub("%b[]", function(inner) return "(" .. expand(inner:sub(2, -2), depth + 1) .. ")" .. depth end))
  end
  local nested = "x"
  for i = 1, 25 do nested = "[" .. nested .. "a" .. i .. "]" end
  local ex = expand(nested, 0)
  check(select(2, ex:gsub("%(", "")) == 25, "nested gsub depth")
  mix(ex)
  -- __index / __newindex chains: each step is a call from the VM into Lua
  -- and back (C recursion in luaV_finishget).
  local chain = { base = 1 }
  for i = 1, 60 do
    local prev = chain
    chain = setmetatable({}, { __index = function(_, k) return prev[k] end })
  end
  check(chain.base == 1 and chain.nothing == nil, "__index chain")
  local log = {}
  local proxy = setmetatable({}, { __newindex = function(t, k, v) log[#log + 1] = k; rawset(t, k, v * 2) end,
                                   __call = function(self, a, b) return a * b + #log end })
  for i = 1, 50 do proxy[i] = i end
  check(proxy[50] == 100 and proxy(6, 7) == 92, "__newindex/__call")
  mix(#log)
  -- load with a reader function (the parser calls back for each piece),
  -- and deeply parenthesised expressions (the parser recurses in C).
  for round = 1, scale do
    local pieces = { "local a, b = ...\n", "local s = 0\n", "for i = a, b do ",
                     "s = s + i * i end\n", "return s, ", "(((((a + b)))))" }
    local i = 0
    local f = assert(load(function() i = i + 1; return pieces[i] end, "=reader"))
    local s, ab = f(1, 100 + round)
    mix(s .. ":" .. ab)
    local deep = string.rep("(", 120) .. "7" .. string.rep(" + 1)", 120)
    check(load("return " .. deep)() == 127, "deep expression")
    -- A syntax error 100 levels into the parser's recursion.
    local bad, msg = load("return " .. string.rep("(", 100) .. "1 +" .. string.rep(")", 100), "=deep")
    check(bad == nil, "deep syntax error")
    mix(msg)
    local bad2, msg2 = load("local x = = 1", "=syntax")
    check(bad2 == nil, "syntax error")
    mix(msg2)
  end
end)

---------------------------------------------------------------------------
-- Coroutines: generators with yields from deep inside recursion, errors
-- inside coroutines, yields across pcall, yields that cannot cross C.
part("coroutines", function()
  local function permgen(a, n)
    if n == 0 then coroutine.yield(a)
    else
      for i = 1, n do
        a[n], a[i] = a[i], a[n]
        permgen(a, n - 1)
        a[n], a[i] = a[i], a[n]
      end
    end
  end
  for round = 1, scale do
    local count, sig = 0, 0
    for p in coroutine.wrap(function() permgen({ 1, 2, 3, 4, 5 }, 5) end) do
      count = count + 1
      sig = (sig * 31 + p[1] * 7 + p[5]) & 0xffffff
    end
    check(count == 120, "120 permutations")
    mix(count .. ":" .. sig)
    -- A tree walker yielding leaves from recursion.
    local function tree(d) if d == 0 then return d end return { tree(d - 1), d, tree(d - 1) } end
    local function walk(t) if type(t) == "table" then walk(t[1]); coroutine.yield(t[2]); walk(t[3]) end end
    local sum = 0
    for v in coroutine.wrap(function() walk(tree(8)) end) do sum = sum + v end
    mix(sum)
    -- Errors: resume returns them; wrap rethrows them into the caller.
    local co = coroutine.create(function(x)
      local y = coroutine.yield(x + 1)
      if y > 5 then error({ why = "big", y = y }) end
      return y
    end)
    local ok, v = coroutine.resume(co, 1)
    check(ok and v == 2, "first resume")
    local ok2, e = coroutine.resume(co, 9)
    check(not ok2 and e.why == "big" and coroutine.status(co) == "dead", "error in coroutine")
    local ok3, e3 = coroutine.resume(co)
    check(not ok3, "resume dead")
    mix(e3)
    local gen = coroutine.wrap(function() coroutine.yield(1) error("gen broke", 0) end)
    gen()
    local ok4, e4 = pcall(gen)
    check(not ok4 and e4 == "gen broke", "wrap rethrows")
    mix(e4)
    -- Yield across pcall (continuations), and a caught error afterwards.
    local co2 = coroutine.wrap(function()
      local okp, ep = pcall(function()
        for i = 1, 3 do coroutine.yield(i) end
        error("after yields", 0)
      end)
      coroutine.yield(okp and "?" or ep)
      return "done"
    end)
    local seen = {}
    for _ = 1, 5 do seen[#seen + 1] = tostring(co2()) end
    mix(table.concat(seen, ","))
    check(seen[4] == "after yields" and seen[5] == "done", "yield across pcall")
    -- Yielding from a sort comparator: a C call boundary.
    local co3 = coroutine.create(function()
      table.sort({ 3, 1, 2 }, function(a, b) coroutine.yield() return a < b end)
    end)
    local ok5, e5 = coroutine.resume(co3)
    check(not ok5, "yield across C boundary")
    mix(bare(e5))
    -- Closing a suspended coroutine runs its pending <close>.
    local closed = false
    local co4 = coroutine.create(function()
      local c <close> = setmetatable({}, { __close = function() closed = true end })
      coroutine.yield()
    end)
    coroutine.resume(co4)
    check(coroutine.close(co4) and closed, "coroutine.close")
    -- A coroutine nested in a coroutine nested in a coroutine.
    local function nestco(d)
      if d == 0 then return 1 end
      local c = coroutine.wrap(function() coroutine.yield(nestco(d - 1) + d) end)
      return c()
    end
    mix(nestco(30))
  end
end)

---------------------------------------------------------------------------
-- Recursion: Lua-to-Lua (no C stack), and through C: nested pcall DEPTH
-- deep (each level a pcall, a lua_pcallk, a setjmp and a luaV_execute:
-- about 7 C frames), an error from the bottom rethrown through every level.
part("recursion", function()
  local function fib(n) if n < 2 then return n end return fib(n - 1) + fib(n - 2) end
  local function ack(m, n)
    if m == 0 then return n + 1 end
    if n == 0 then return ack(m - 1, 1) end
    return ack(m - 1, ack(m, n - 1))
  end
  local function sumto(n) if n == 0 then return 0 end local r = sumto(n - 1) return r + n end
  for round = 1, scale do
    check(fib(14) == 377, "fib")
    check(ack(2, 20) == 43, "ack")
    check(sumto(1500) == 1500 * 1501 // 2, "deep Lua recursion")
    mix(fib(12) + ack(2, 10) + sumto(300))
    -- Returns through DEPTH pcalls.
    local function up(d, n)
      if d == n then return d end
      local ok, v = pcall(up, d + 1, n)
      if not ok then error(v, 0) end
      return v + 1
    end
    -- (once, whatever the scale: under the harness the deep nests cost the
    -- most, as the square of DEPTH)
    if round == 1 then check(up(0, depth) == 2 * depth, "returns through every pcall") end
    -- An error from the bottom, caught and rethrown at every level.
    local function down(d, n)
      if d == n then error({ level = d, path = 0 }) end
      local ok, e = pcall(down, d + 1, n)
      if ok or type(e) ~= "table" then error("pcall down", 0) end
      e.path = e.path + d
      error(e, 0)
    end
    for _, n in ipairs(round == 1 and { 10, depth } or { 10 }) do
      local ok, e = pcall(down, 0, n)
      check(not ok and e.level == n and e.path == n * (n - 1) // 2, "rethrown through every level")
      mix(e.level .. ":" .. e.path)
    end
    -- Recursion through sort comparators (C -> Lua -> C -> Lua ...).
    local function rsort(t, d)
      table.sort(t, function(a, b)
        if d > 0 and a + b == 7 then local u = { 3, 1, 2 }; rsort(u, d - 1) end
        return a < b
      end)
      return t
    end
    mix(table.concat(rsort({ 5, 2, 4, 1, 3, 6 }, 4), ""))
  end
end)

---------------------------------------------------------------------------
-- Strings: format, rep, concat, pack, utf8.
part("strings", function()
  for round = 1, scale do
    local out = {}
    for i = 1, 60 do
      out[#out + 1] = string.format("%5d|%-8s|%x|%08.3f|%q|%g|%s", i * round, ("w" .. i):rep(2),
        i * 977, i / 8, "q\n" .. i, i * 1.5, i % 3 == 0)
    end
    local joined = table.concat(out, "\n")
    mix(#joined)
    mix(joined:sub(-64))
    local r = string.rep("ab", 300, ",")
    check(#r == 300 * 2 + 299, "rep with separator")
    local packed = string.pack("<i4 s1 d", round * 1000, "packed", 2.5)
    local a, s, d = string.unpack("<i4 s1 d", packed)
    check(a == round * 1000 and s == "packed" and d == 2.5, "pack/unpack")
    local u = utf8.char(72, 228, 8364, 128512)
    check(utf8.len(u) == 4, "utf8")
    mix(#u .. ":" .. r:sub(1, 9) .. ":" .. #packed)
    local words = {}
    for w in joined:gmatch("|(w%d+)w") do words[#words + 1] = w end
    mix(#words .. words[#words])
  end
end)

for _, line in ipairs(parts) do print("drive: " .. line) end
print(string.format("drive: scale %d depth %d ok", scale, depth))
