#ifndef CSHA256_H
#define CSHA256_H

/* Streaming SHA-256 (FIPS 180-4) with a portable compression function and,
 * where the CPU has them, the x86-64 SHA extensions or the ARMv8 SHA-2
 * instructions. The choice is made once at run time (cpuid / hwcaps), so one
 * binary runs everywhere; tests can ask for each implementation by name. */

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Which compression function a context uses. */
typedef enum csha256_impl {
    CSHA256_IMPL_BEST = 0,      /* the fastest one this CPU supports */
    CSHA256_IMPL_PORTABLE = 1,  /* plain C, any CPU */
    CSHA256_IMPL_X86_SHA = 2,   /* sha256rnds2 and friends (SHA-NI) */
    CSHA256_IMPL_ARMV8_SHA2 = 3 /* sha256h/sha256su0/sha256su1 */
} csha256_impl;

typedef struct csha256_ctx {
    uint32_t state[8];
    uint64_t total_bytes;
    uint8_t pending[64];
    uint32_t pending_count;
    int32_t impl;
} csha256_ctx;

/* 1 if `impl` can run on this CPU (BEST and PORTABLE always can). */
int csha256_impl_available(csha256_impl impl);

/* The implementation BEST resolves to on this CPU. */
csha256_impl csha256_best_impl(void);

/* Starts a hash with `impl`; an unavailable one falls back to PORTABLE.
 * Returns the implementation actually used. */
csha256_impl csha256_init(csha256_ctx *ctx, csha256_impl impl);

void csha256_update(csha256_ctx *ctx, const void *data, size_t length);

/* Writes the 32-byte digest; the context must be initialised again before reuse. */
void csha256_final(csha256_ctx *ctx, uint8_t digest[32]);

#ifdef __cplusplus
}
#endif

#endif
