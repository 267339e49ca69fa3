// CListDiffEpoll: the few readiness and socket calls that Glibc's Swift import does not
// expose well (epoll_event is a packed struct, eventfd and accept4 are missing or awkward,
// glibc's mallopt is not imported at all).
// One small interface: epoll + eventfd on Linux, kqueue + a pipe on Darwin.
#ifndef CLISTDIFF_EPOLL_H
#define CLISTDIFF_EPOLL_H

#include <stdint.h>
#include <sys/types.h>
#include <sys/uio.h>

/// Readiness bits, the same on every platform.
enum {
    CLD_READABLE = 1u,
    CLD_WRITABLE = 2u,
    CLD_HANGUP = 4u,
    CLD_ERROR = 8u,
};

/// One ready file descriptor: which readiness bits fired and the caller's token.
typedef struct cld_event {
    uint32_t events;
    uint64_t token;
} cld_event;

/// Creates a poller (epoll or kqueue); -1 and errno on failure.
int cld_poller_create(void);
/// Registers `fd` with the interest bits `interest`; level-triggered.
int cld_poller_add(int poller, int fd, uint32_t interest, uint64_t token);
/// Registers a listening socket shared by several pollers for readability so that one
/// connection wakes one waiting poller, not all (EPOLLEXCLUSIVE; a plain registration on kqueue).
int cld_poller_add_shared_listener(int poller, int fd, uint64_t token);
/// Changes a registration from `old_interest` to `new_interest` (kqueue needs both).
int cld_poller_modify(int poller, int fd, uint32_t old_interest, uint32_t new_interest, uint64_t token);
/// Removes a registration (closing the fd also does).
int cld_poller_remove(int poller, int fd, uint32_t old_interest);
/// Waits up to `timeout_ms` (-1: forever); returns the number of events or -1 with errno.
int cld_poller_wait(int poller, cld_event *events, int capacity, int timeout_ms);

/// Creates a wake-up channel: an eventfd (both ends the same) or a pipe.
int cld_waker_create(int *read_fd, int *write_fd);
/// Makes the read end readable; safe from any thread.
void cld_waker_signal(int write_fd);
/// Empties the channel so it is no longer readable.
void cld_waker_drain(int read_fd);

/// Accepts one connection, non-blocking and close-on-exec; -1 and errno on failure.
int cld_accept(int listen_fd);
/// A connection's peer address: 16 bytes of IPv6, an IPv4 peer as its IPv4-mapped form
/// (::ffff:a.b.c.d); all zero when unknown (another family).
typedef struct cld_peer_address {
    uint8_t bytes[16];
} cld_peer_address;
/// ``cld_accept`` that also writes the peer's address to `peer`.
int cld_accept_from(int listen_fd, cld_peer_address *peer);
/// Sends a gather list without raising SIGPIPE; returns bytes sent or -1 with errno.
ssize_t cld_sendv(int fd, const struct iovec *iov, int count);
/// Sends one buffer without raising SIGPIPE.
ssize_t cld_send(int fd, const void *bytes, size_t count);

/// Creates a non-blocking TCP listener on an IPv4 or IPv6 literal host (or a name resolved
/// with getaddrinfo), with SO_REUSEADDR. Writes the bound port to `bound_port`. Returns the
/// fd, or -1 with errno (or -2: the host did not resolve).
int cld_listen_tcp(const char *host, uint16_t port, int backlog, uint16_t *bound_port);
/// Sets TCP_NODELAY (and SO_NOSIGPIPE on Darwin) on an accepted socket.
int cld_configure_accepted(int fd);
/// Has the kernel close a connection whose peer vanished: keepalive probes after `idle_seconds`
/// with nothing from the peer, every `interval_seconds`, closed after `probe_count` unanswered
/// (TCP_KEEPIDLE, or TCP_KEEPALIVE on Darwin), and data sent but unacknowledged for
/// `user_timeout_ms` given up (TCP_USER_TIMEOUT; Darwin has none). What the platform lacks is
/// skipped. 0, or -1 with errno if a call failed.
int cld_watch_peer(int fd, int idle_seconds, int interval_seconds, int probe_count, unsigned user_timeout_ms);

/// Keeps freed memory in the process for reuse (glibc: no heap trimming, no per-block
/// mappings under 4 MiB, 16 MiB top pad); a no-op elsewhere.
void cld_retain_freed_memory(void);
/// Hands free heap memory back to the system (glibc malloc_trim(0): every arena's free
/// pages, not only the top); a no-op elsewhere.
void cld_release_free_memory(void);
/// Bytes of heap in use by live allocations, over every arena (glibc mallinfo2); 0 elsewhere.
size_t cld_heap_bytes_in_use(void);

#endif
