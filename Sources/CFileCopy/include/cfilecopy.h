#ifndef CFILECOPY_H
#define CFILECOPY_H

/* copy_file_range(2) for Swift: glibc declares it only under _GNU_SOURCE,
 * which Swift's Glibc module is not built with. */

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Copies up to `length` bytes from `in_fd` at *in_offset to `out_fd` at
 * *out_offset inside the kernel (a reflink where the file system shares
 * extents), advancing both offsets. Returns the bytes copied, 0 at the end of
 * the input, or -1 with errno set; ENOSYS where the C library lacks it. */
long imgsel_copy_file_range(int in_fd, int64_t *in_offset, int out_fd, int64_t *out_offset, size_t length);

#ifdef __cplusplus
}
#endif

#endif
