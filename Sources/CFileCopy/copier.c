#include "cfilecopy.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>

struct imgsel_copier {
    pthread_t thread;
    pthread_mutex_t lock;
    pthread_cond_t progress;
    int in_fd, out_fd;
    int64_t limit, piece;
    /* Guarded by `lock`. */
    int64_t copied;
    int ended, error, stop;
};

static void publish(imgsel_copier *c, int64_t copied, int ended, int error) {
    pthread_mutex_lock(&c->lock);
    c->copied = copied;
    c->ended = ended;
    c->error = error;
    pthread_cond_broadcast(&c->progress);
    pthread_mutex_unlock(&c->lock);
}

static int should_stop(imgsel_copier *c) {
    pthread_mutex_lock(&c->lock);
    int stop = c->stop;
    pthread_mutex_unlock(&c->lock);
    return stop;
}

static void *run(void *argument) {
    imgsel_copier *c = argument;
    int64_t total = 0;
    int error = 0;
    while (total <= c->limit && !should_stop(c)) {
        int64_t in = total, out = total;
        long n = imgsel_copy_file_range(c->in_fd, &in, c->out_fd, &out, (size_t)c->piece);
        if (n < 0) {
            if (errno == EINTR) continue;
            error = errno;
            break;
        }
        if (n == 0) break;
        imgsel_start_writeback(c->out_fd, total, n);
        total += n;
        publish(c, total, 0, 0);
    }
    publish(c, total, 1, error);
    return NULL;
}

imgsel_copier *imgsel_copier_start(int in_fd, int out_fd, int64_t limit, int64_t piece) {
    imgsel_copier *c = calloc(1, sizeof *c);
    if (c == NULL) return NULL;
    c->in_fd = in_fd;
    c->out_fd = out_fd;
    c->limit = limit;
    c->piece = piece;
    pthread_mutex_init(&c->lock, NULL);
    pthread_cond_init(&c->progress, NULL);
    int rc = pthread_create(&c->thread, NULL, run, c);
    if (rc != 0) {
        pthread_cond_destroy(&c->progress);
        pthread_mutex_destroy(&c->lock);
        free(c);
        errno = rc;
        return NULL;
    }
    return c;
}

int64_t imgsel_copier_wait(imgsel_copier *c, int64_t seen, int *ended, int *error) {
    pthread_mutex_lock(&c->lock);
    while (c->copied <= seen && !c->ended) pthread_cond_wait(&c->progress, &c->lock);
    int64_t copied = c->copied;
    *ended = c->ended;
    *error = c->error;
    pthread_mutex_unlock(&c->lock);
    return copied;
}

void imgsel_copier_finish(imgsel_copier *c) {
    pthread_mutex_lock(&c->lock);
    c->stop = 1;
    pthread_mutex_unlock(&c->lock);
    pthread_join(c->thread, NULL);
    pthread_cond_destroy(&c->progress);
    pthread_mutex_destroy(&c->lock);
    free(c);
}
