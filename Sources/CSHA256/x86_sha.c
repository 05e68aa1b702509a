/* Compression with the x86-64 SHA extensions (sha256rnds2, sha256msg1/2).
 * Only this file's functions are compiled for them, and they are only called
 * after cpuid says the CPU has SHA, SSSE3 and SSE4.1. */
#if defined(__x86_64__)
#include "internal.h"

#include <cpuid.h>
#include <immintrin.h>

int csha256_x86_sha_supported(void) {
    unsigned int eax, ebx, ecx, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return 0;
    const unsigned int ssse3 = 1u << 9, sse41 = 1u << 19;
    if ((ecx & ssse3) == 0 || (ecx & sse41) == 0) return 0;
    if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) return 0;
    const unsigned int sha = 1u << 29;
    return (ebx & sha) != 0;
}

/* The next four schedule words from the previous sixteen (w0 oldest):
 * W[t] = s1(W[t-2]) + W[t-7] + s0(W[t-15]) + W[t-16]. */
#define CSHA256_SCHEDULE(w0, w1, w2, w3) \
    _mm_sha256msg2_epu32(_mm_add_epi32(_mm_sha256msg1_epu32((w0), (w1)), _mm_alignr_epi8((w3), (w2), 4)), (w3))

__attribute__((target("sha,sse4.1,ssse3")))
void csha256_compress_x86_sha(uint32_t state[8], const uint8_t *data, size_t blocks) {
    const __m128i byte_swap = _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);
    const uint32_t *k = csha256_round_constants;

    /* The instructions want the state as ABEF and CDGH. */
    __m128i dcba = _mm_loadu_si128((const __m128i *)&state[0]);
    __m128i hgfe = _mm_loadu_si128((const __m128i *)&state[4]);
    __m128i cdab = _mm_shuffle_epi32(dcba, 0xB1);
    __m128i efgh = _mm_shuffle_epi32(hgfe, 0x1B);
    __m128i abef = _mm_alignr_epi8(cdab, efgh, 8);
    __m128i cdgh = _mm_blend_epi16(efgh, cdab, 0xF0);

/* Four rounds with schedule words `w` (words 4g..4g+3) and their constants. */
#define CSHA256_ROUNDS4(w, g)                                                                   \
    do {                                                                                        \
        __m128i message_ = _mm_add_epi32((w), _mm_loadu_si128((const __m128i *)&k[4 * (g)]));  \
        cdgh = _mm_sha256rnds2_epu32(cdgh, abef, message_);                                     \
        abef = _mm_sha256rnds2_epu32(abef, cdgh, _mm_shuffle_epi32(message_, 0x0E));            \
    } while (0)

    for (; blocks > 0; blocks--, data += 64) {
        const __m128i abef_before = abef, cdgh_before = cdgh;
        /* Four named registers rather than an array, so nothing goes through the stack. */
        __m128i w0 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 0)), byte_swap);
        __m128i w1 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 16)), byte_swap);
        __m128i w2 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 32)), byte_swap);
        __m128i w3 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 48)), byte_swap);
        CSHA256_ROUNDS4(w0, 0);
        CSHA256_ROUNDS4(w1, 1);
        CSHA256_ROUNDS4(w2, 2);
        CSHA256_ROUNDS4(w3, 3);
        for (int g = 4; g < 16; g += 4) {
            w0 = CSHA256_SCHEDULE(w0, w1, w2, w3);
            CSHA256_ROUNDS4(w0, g);
            w1 = CSHA256_SCHEDULE(w1, w2, w3, w0);
            CSHA256_ROUNDS4(w1, g + 1);
            w2 = CSHA256_SCHEDULE(w2, w3, w0, w1);
            CSHA256_ROUNDS4(w2, g + 2);
            w3 = CSHA256_SCHEDULE(w3, w0, w1, w2);
            CSHA256_ROUNDS4(w3, g + 3);
        }
        abef = _mm_add_epi32(abef, abef_before);
        cdgh = _mm_add_epi32(cdgh, cdgh_before);
    }
#undef CSHA256_ROUNDS4

    __m128i feba = _mm_shuffle_epi32(abef, 0x1B);
    __m128i dchg = _mm_shuffle_epi32(cdgh, 0xB1);
    _mm_storeu_si128((__m128i *)&state[0], _mm_blend_epi16(feba, dchg, 0xF0));
    _mm_storeu_si128((__m128i *)&state[4], _mm_alignr_epi8(dchg, feba, 8));
}
#endif
