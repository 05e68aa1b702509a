#ifndef CSHA256_INTERNAL_H
#define CSHA256_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

/* Each compression function consumes `blocks` whole 64-byte blocks. */
extern const uint32_t csha256_round_constants[64];

void csha256_compress_portable(uint32_t state[8], const uint8_t *data, size_t blocks);

#if defined(__x86_64__)
int csha256_x86_sha_supported(void);
void csha256_compress_x86_sha(uint32_t state[8], const uint8_t *data, size_t blocks);
#endif

#if defined(__aarch64__)
int csha256_armv8_sha2_supported(void);
void csha256_compress_armv8_sha2(uint32_t state[8], const uint8_t *data, size_t blocks);
#endif

#endif
