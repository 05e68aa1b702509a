#ifndef CFILECOPY_H
#define CFILECOPY_H

/* copy_file_range(2), sync_file_range(2) and renameat2(2) for Swift: glibc declares
 * them only under _GNU_SOURCE, which Swift's Glibc module is not built with. */

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

/* Starts writing [offset, offset+length) of `fd` to disk without waiting
 * (sync_file_range with SYNC_FILE_RANGE_WRITE), so a later fsync has little
 * left to do. Returns 0, or -1 with errno set; a hint only, safe to ignore. */
int imgsel_start_writeback(int fd, int64_t offset, int64_t length);

/* A copy_file_range loop on a thread of its own, so the caller can verify
 * (read back and hash) what is already copied while the rest is copied. */
typedef struct imgsel_copier imgsel_copier;

/* Starts copying `in_fd` to `out_fd` from offset 0, `piece` bytes a call,
 * until the input ends, more than `limit` bytes are copied, or an error;
 * each piece is handed to the disk at once. NULL (errno set) if no thread. */
imgsel_copier *imgsel_copier_start(int in_fd, int out_fd, int64_t limit, int64_t piece);

/* Waits until more than `seen` bytes are copied or the copy has ended.
 * Returns the bytes copied so far; sets *ended once the thread has stopped,
 * and *error to the errno that stopped it (0 at the end of the input). */
int64_t imgsel_copier_wait(imgsel_copier *copier, int64_t seen, int *ended, int *error);

/* Stops a copy still running, joins the thread and frees the copier. */
void imgsel_copier_finish(imgsel_copier *copier);

/* Swaps the two paths in one step (renameat2 with RENAME_EXCHANGE): a reader
 * of either sees the old thing or the new one, never neither. Returns 0, or -1
 * with errno set: ENOSYS or EINVAL where the kernel or file system cannot. */
int imgsel_rename_exchange(const char *a, const char *b);

#ifdef __cplusplus
}
#endif

#endif
