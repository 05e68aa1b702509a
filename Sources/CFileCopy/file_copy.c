#define _GNU_SOURCE
#include "cfilecopy.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/types.h>
#include <unistd.h>

long imgsel_copy_file_range(int in_fd, int64_t *in_offset, int out_fd, int64_t *out_offset, size_t length) {
#if defined(__linux__) && defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 27))
    loff_t in = (loff_t)*in_offset, out = (loff_t)*out_offset;
    ssize_t n = copy_file_range(in_fd, &in, out_fd, &out, length, 0);
    *in_offset = (int64_t)in;
    *out_offset = (int64_t)out;
    return (long)n;
#else
    (void)in_fd; (void)in_offset; (void)out_fd; (void)out_offset; (void)length;
    errno = ENOSYS;
    return -1;
#endif
}

int imgsel_start_writeback(int fd, int64_t offset, int64_t length) {
#if defined(__linux__) && defined(SYNC_FILE_RANGE_WRITE)
    return sync_file_range(fd, (off_t)offset, (off_t)length, SYNC_FILE_RANGE_WRITE);
#else
    (void)fd; (void)offset; (void)length;
    return 0;
#endif
}
