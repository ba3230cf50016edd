// The one compiler-rt builtin the module calls (there is no compiler-rt for wasm32 in the
// toolchain): 128-bit multiplication, which Swift's 64-bit overflow-checked multiply and
// full-width multiply lower to on a 32-bit target.
#include <stdint.h>

__int128 __multi3(__int128 a, __int128 b) {
  unsigned __int128 ua = (unsigned __int128)a, ub = (unsigned __int128)b;
  uint64_t al = (uint64_t)ua, ah = (uint64_t)(ua >> 64);
  uint64_t bl = (uint64_t)ub, bh = (uint64_t)(ub >> 64);
  // al * bl in full, from 32-bit halves; the high words' products only reach the upper half.
  uint64_t a0 = al & 0xFFFFFFFFu, a1 = al >> 32, b0 = bl & 0xFFFFFFFFu, b1 = bl >> 32;
  uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
  uint64_t middle = (p00 >> 32) + (p01 & 0xFFFFFFFFu) + (p10 & 0xFFFFFFFFu);
  uint64_t low = (p00 & 0xFFFFFFFFu) | (middle << 32);
  uint64_t high = p11 + (p01 >> 32) + (p10 >> 32) + (middle >> 32) + al * bh + ah * bl;
  return (__int128)(((unsigned __int128)high << 64) | low);
}
