/* Buffering, padding and the choice of compression function. */
#include "csha256.h"
#include "internal.h"

#include <string.h>

typedef void (*compress_fn)(uint32_t state[8], const uint8_t *data, size_t blocks);

static const uint32_t initial_state[8] = {
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
};

int csha256_impl_available(csha256_impl impl) {
    switch (impl) {
    case CSHA256_IMPL_BEST:
    case CSHA256_IMPL_PORTABLE:
        return 1;
    case CSHA256_IMPL_X86_SHA:
#if defined(__x86_64__)
        return csha256_x86_sha_supported();
#else
        return 0;
#endif
    case CSHA256_IMPL_ARMV8_SHA2:
#if defined(__aarch64__)
        return csha256_armv8_sha2_supported();
#else
        return 0;
#endif
    }
    return 0;
}

csha256_impl csha256_best_impl(void) {
    /* Detection is cheap and idempotent, so a race between threads is harmless;
     * atomics keep it well defined. 0 means "not yet decided". */
    static int cached = 0;
    int best = __atomic_load_n(&cached, __ATOMIC_RELAXED);
    if (best == 0) {
        best = CSHA256_IMPL_PORTABLE;
        if (csha256_impl_available(CSHA256_IMPL_X86_SHA)) best = CSHA256_IMPL_X86_SHA;
        if (csha256_impl_available(CSHA256_IMPL_ARMV8_SHA2)) best = CSHA256_IMPL_ARMV8_SHA2;
        __atomic_store_n(&cached, best, __ATOMIC_RELAXED);
    }
    return (csha256_impl)best;
}

csha256_impl csha256_init(csha256_ctx *ctx, csha256_impl impl) {
    if (impl == CSHA256_IMPL_BEST) impl = csha256_best_impl();
    if (!csha256_impl_available(impl)) impl = CSHA256_IMPL_PORTABLE;
    memcpy(ctx->state, initial_state, sizeof initial_state);
    ctx->total_bytes = 0;
    ctx->pending_count = 0;
    ctx->impl = (int32_t)impl;
    return impl;
}

static compress_fn compressor(const csha256_ctx *ctx) {
    switch (ctx->impl) {
#if defined(__x86_64__)
    case CSHA256_IMPL_X86_SHA:
        return csha256_compress_x86_sha;
#endif
#if defined(__aarch64__)
    case CSHA256_IMPL_ARMV8_SHA2:
        return csha256_compress_armv8_sha2;
#endif
    default:
        return csha256_compress_portable;
    }
}

void csha256_update(csha256_ctx *ctx, const void *data, size_t length) {
    const uint8_t *p = (const uint8_t *)data;
    if (length == 0) return;
    compress_fn compress = compressor(ctx);
    ctx->total_bytes += length;
    if (ctx->pending_count > 0) {
        size_t take = 64 - ctx->pending_count;
        if (take > length) take = length;
        memcpy(ctx->pending + ctx->pending_count, p, take);
        ctx->pending_count += (uint32_t)take;
        p += take;
        length -= take;
        if (ctx->pending_count < 64) return;
        compress(ctx->state, ctx->pending, 1);
        ctx->pending_count = 0;
    }
    size_t blocks = length / 64;
    if (blocks > 0) {
        compress(ctx->state, p, blocks);
        p += blocks * 64;
        length -= blocks * 64;
    }
    if (length > 0) {
        memcpy(ctx->pending, p, length);
        ctx->pending_count = (uint32_t)length;
    }
}

void csha256_final(csha256_ctx *ctx, uint8_t digest[32]) {
    uint64_t bit_length = ctx->total_bytes * 8;
    uint8_t tail[128];
    size_t tail_length = ctx->pending_count < 56 ? 64 - ctx->pending_count : 128 - ctx->pending_count;
    memset(tail, 0, sizeof tail);
    tail[0] = 0x80;
    for (int i = 0; i < 8; i++) tail[tail_length - 1 - i] = (uint8_t)(bit_length >> (8 * i));
    csha256_update(ctx, tail, tail_length);
    for (int i = 0; i < 8; i++) {
        digest[4 * i] = (uint8_t)(ctx->state[i] >> 24);
        digest[4 * i + 1] = (uint8_t)(ctx->state[i] >> 16);
        digest[4 * i + 2] = (uint8_t)(ctx->state[i] >> 8);
        digest[4 * i + 3] = (uint8_t)ctx->state[i];
    }
}
