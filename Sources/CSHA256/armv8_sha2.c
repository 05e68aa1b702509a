/* Compression with the ARMv8 SHA-2 instructions, used only when the kernel's
 * hwcaps report them. Compile-checked for aarch64; not run (no ARM machine). */
#if defined(__aarch64__)
#include "internal.h"

#include <arm_neon.h>
#if defined(__linux__) && !defined(CSHA256_NO_AUXV)
#include <sys/auxv.h>
#endif

#ifndef HWCAP_SHA2
#define HWCAP_SHA2 (1 << 6)
#endif

int csha256_armv8_sha2_supported(void) {
#if defined(__linux__) && !defined(CSHA256_NO_AUXV)
    return (getauxval(AT_HWCAP) & HWCAP_SHA2) != 0;
#else
    return 0;
#endif
}

__attribute__((target("sha2")))
void csha256_compress_armv8_sha2(uint32_t state[8], const uint8_t *data, size_t blocks) {
    const uint32_t *k = csha256_round_constants;
    uint32x4_t abcd = vld1q_u32(&state[0]);
    uint32x4_t efgh = vld1q_u32(&state[4]);

    for (; blocks > 0; blocks--, data += 64) {
        const uint32x4_t abcd_before = abcd, efgh_before = efgh;
        uint32x4_t w[4];
        for (int i = 0; i < 4; i++) w[i] = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(data + 16 * i)));
        for (int g = 0; g < 16; g++) {
            if (g >= 4) {
                w[g & 3] = vsha256su1q_u32(vsha256su0q_u32(w[g & 3], w[(g + 1) & 3]), w[(g + 2) & 3], w[(g + 3) & 3]);
            }
            uint32x4_t message = vaddq_u32(w[g & 3], vld1q_u32(&k[4 * g]));
            uint32x4_t abcd_round = abcd;
            abcd = vsha256hq_u32(abcd, efgh, message);
            efgh = vsha256h2q_u32(efgh, abcd_round, message);
        }
        abcd = vaddq_u32(abcd, abcd_before);
        efgh = vaddq_u32(efgh, efgh_before);
    }
    vst1q_u32(&state[0], abcd);
    vst1q_u32(&state[4], efgh);
}
#endif
