#define _GNU_SOURCE
#include "CListDiffEpoll.h"

#include <errno.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

static int set_nonblocking_cloexec(int fd) {
    int flags = fcntl(fd, F_GETFL);
    if (flags < 0 || fcntl(fd, F_SETFL, flags | O_NONBLOCK) < 0) return -1;
    return fcntl(fd, F_SETFD, FD_CLOEXEC);
}

#if defined(__linux__)
#include <sys/epoll.h>
#include <sys/eventfd.h>

static uint32_t to_epoll(uint32_t interest) {
    uint32_t bits = 0;
    if (interest & CLD_READABLE) bits |= EPOLLIN;
    if (interest & CLD_WRITABLE) bits |= EPOLLOUT;
    return bits;
}

int cld_poller_create(void) { return epoll_create1(EPOLL_CLOEXEC); }

int cld_poller_add(int poller, int fd, uint32_t interest, uint64_t token) {
    struct epoll_event event = { .events = to_epoll(interest), .data = { .u64 = token } };
    return epoll_ctl(poller, EPOLL_CTL_ADD, fd, &event);
}

int cld_poller_add_shared_listener(int poller, int fd, uint64_t token) {
    struct epoll_event event = { .events = EPOLLIN | EPOLLEXCLUSIVE, .data = { .u64 = token } };
    return epoll_ctl(poller, EPOLL_CTL_ADD, fd, &event);
}

int cld_poller_modify(int poller, int fd, uint32_t old_interest, uint32_t new_interest, uint64_t token) {
    (void)old_interest;
    struct epoll_event event = { .events = to_epoll(new_interest), .data = { .u64 = token } };
    return epoll_ctl(poller, EPOLL_CTL_MOD, fd, &event);
}

int cld_poller_remove(int poller, int fd, uint32_t old_interest) {
    (void)old_interest;
    struct epoll_event event = { 0 };
    return epoll_ctl(poller, EPOLL_CTL_DEL, fd, &event);
}

int cld_poller_wait(int poller, cld_event *events, int capacity, int timeout_ms) {
    struct epoll_event raw[256];
    if (capacity > 256) capacity = 256;
    int count = epoll_wait(poller, raw, capacity, timeout_ms);
    for (int i = 0; i < count; i++) {
        uint32_t bits = 0;
        if (raw[i].events & EPOLLIN) bits |= CLD_READABLE;
        if (raw[i].events & EPOLLOUT) bits |= CLD_WRITABLE;
        if (raw[i].events & EPOLLHUP) bits |= CLD_HANGUP;
        if (raw[i].events & EPOLLERR) bits |= CLD_ERROR;
        events[i].events = bits;
        events[i].token = raw[i].data.u64;
    }
    return count;
}

int cld_waker_create(int *read_fd, int *write_fd) {
    int fd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    if (fd < 0) return -1;
    *read_fd = fd;
    *write_fd = fd;
    return 0;
}

void cld_waker_signal(int write_fd) {
    uint64_t one = 1;
    ssize_t ignored = write(write_fd, &one, sizeof one);
    (void)ignored;
}

void cld_waker_drain(int read_fd) {
    uint64_t value;
    ssize_t ignored = read(read_fd, &value, sizeof value);
    (void)ignored;
}

int cld_accept(int listen_fd) {
    return accept4(listen_fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
}

ssize_t cld_sendv(int fd, const struct iovec *iov, int count) {
    struct msghdr message;
    memset(&message, 0, sizeof message);
    message.msg_iov = (struct iovec *)iov;
    message.msg_iovlen = (size_t)count;
    return sendmsg(fd, &message, MSG_NOSIGNAL);
}

ssize_t cld_send(int fd, const void *bytes, size_t count) {
    return send(fd, bytes, count, MSG_NOSIGNAL);
}

#else
#include <sys/event.h>
#include <sys/time.h>

int cld_poller_create(void) { return kqueue(); }

static int kq_apply(int poller, int fd, uint32_t old_interest, uint32_t new_interest, uint64_t token) {
    struct kevent changes[2];
    int count = 0;
    if ((new_interest & CLD_READABLE) && !(old_interest & CLD_READABLE))
        EV_SET(&changes[count++], fd, EVFILT_READ, EV_ADD, 0, 0, (void *)(uintptr_t)token);
    if (!(new_interest & CLD_READABLE) && (old_interest & CLD_READABLE))
        EV_SET(&changes[count++], fd, EVFILT_READ, EV_DELETE, 0, 0, NULL);
    if ((new_interest & CLD_WRITABLE) && !(old_interest & CLD_WRITABLE))
        EV_SET(&changes[count++], fd, EVFILT_WRITE, EV_ADD, 0, 0, (void *)(uintptr_t)token);
    if (!(new_interest & CLD_WRITABLE) && (old_interest & CLD_WRITABLE))
        EV_SET(&changes[count++], fd, EVFILT_WRITE, EV_DELETE, 0, 0, NULL);
    return count == 0 ? 0 : kevent(poller, changes, count, NULL, 0, NULL);
}

int cld_poller_add(int poller, int fd, uint32_t interest, uint64_t token) {
    return kq_apply(poller, fd, 0, interest, token);
}

int cld_poller_add_shared_listener(int poller, int fd, uint64_t token) {
    return kq_apply(poller, fd, 0, CLD_READABLE, token);
}

int cld_poller_modify(int poller, int fd, uint32_t old_interest, uint32_t new_interest, uint64_t token) {
    return kq_apply(poller, fd, old_interest, new_interest, token);
}

int cld_poller_remove(int poller, int fd, uint32_t old_interest) {
    return kq_apply(poller, fd, old_interest, 0, 0);
}

int cld_poller_wait(int poller, cld_event *events, int capacity, int timeout_ms) {
    struct kevent raw[256];
    if (capacity > 256) capacity = 256;
    struct timespec timeout = { timeout_ms / 1000, (long)(timeout_ms % 1000) * 1000000L };
    int count = kevent(poller, NULL, 0, raw, capacity, timeout_ms < 0 ? NULL : &timeout);
    for (int i = 0; i < count; i++) {
        uint32_t bits = raw[i].filter == EVFILT_WRITE ? CLD_WRITABLE : CLD_READABLE;
        if (raw[i].flags & EV_EOF) bits |= CLD_READABLE;
        if (raw[i].flags & EV_ERROR) bits |= CLD_ERROR;
        events[i].events = bits;
        events[i].token = (uint64_t)(uintptr_t)raw[i].udata;
    }
    return count;
}

int cld_waker_create(int *read_fd, int *write_fd) {
    int fds[2];
    if (pipe(fds) < 0) return -1;
    set_nonblocking_cloexec(fds[0]);
    set_nonblocking_cloexec(fds[1]);
    *read_fd = fds[0];
    *write_fd = fds[1];
    return 0;
}

void cld_waker_signal(int write_fd) {
    char one = 1;
    ssize_t ignored = write(write_fd, &one, 1);
    (void)ignored;
}

void cld_waker_drain(int read_fd) {
    char sink[64];
    while (read(read_fd, sink, sizeof sink) > 0) {}
}

int cld_accept(int listen_fd) {
    int fd = accept(listen_fd, NULL, NULL);
    if (fd >= 0 && set_nonblocking_cloexec(fd) < 0) {
        close(fd);
        return -1;
    }
    return fd;
}

ssize_t cld_sendv(int fd, const struct iovec *iov, int count) { return writev(fd, iov, count); }

ssize_t cld_send(int fd, const void *bytes, size_t count) { return send(fd, bytes, count, 0); }
#endif

/// The peer of `address` as 16 bytes (IPv4 mapped into IPv6), zero for other families.
static void peer_from(const struct sockaddr_storage *address, cld_peer_address *peer) {
    memset(peer->bytes, 0, sizeof peer->bytes);
    if (address->ss_family == AF_INET6) {
        memcpy(peer->bytes, &((const struct sockaddr_in6 *)address)->sin6_addr, 16);
    } else if (address->ss_family == AF_INET) {
        peer->bytes[10] = 0xff;
        peer->bytes[11] = 0xff;
        memcpy(peer->bytes + 12, &((const struct sockaddr_in *)address)->sin_addr, 4);
    }
}

int cld_accept_from(int listen_fd, cld_peer_address *peer) {
    struct sockaddr_storage address;
    socklen_t length = sizeof address;
    address.ss_family = AF_UNSPEC;
#if defined(__linux__)
    int fd = accept4(listen_fd, (struct sockaddr *)&address, &length, SOCK_NONBLOCK | SOCK_CLOEXEC);
#else
    int fd = accept(listen_fd, (struct sockaddr *)&address, &length);
    if (fd >= 0 && set_nonblocking_cloexec(fd) < 0) {
        close(fd);
        return -1;
    }
#endif
    if (fd >= 0) peer_from(&address, peer);
    return fd;
}

int cld_configure_accepted(int fd) {
    int one = 1;
#if defined(SO_NOSIGPIPE)
    setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, sizeof one);
#endif
    return setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
}

int cld_watch_peer(int fd, int idle_seconds, int interval_seconds, int probe_count, unsigned user_timeout_ms) {
    int one = 1;
    int failed = setsockopt(fd, SOL_SOCKET, SO_KEEPALIVE, &one, sizeof one);
#if defined(TCP_KEEPIDLE)
    failed |= setsockopt(fd, IPPROTO_TCP, TCP_KEEPIDLE, &idle_seconds, sizeof idle_seconds);
#elif defined(TCP_KEEPALIVE)
    failed |= setsockopt(fd, IPPROTO_TCP, TCP_KEEPALIVE, &idle_seconds, sizeof idle_seconds);
#endif
#if defined(TCP_KEEPINTVL)
    failed |= setsockopt(fd, IPPROTO_TCP, TCP_KEEPINTVL, &interval_seconds, sizeof interval_seconds);
#endif
#if defined(TCP_KEEPCNT)
    failed |= setsockopt(fd, IPPROTO_TCP, TCP_KEEPCNT, &probe_count, sizeof probe_count);
#endif
#if defined(TCP_USER_TIMEOUT)
    failed |= setsockopt(fd, IPPROTO_TCP, TCP_USER_TIMEOUT, &user_timeout_ms, sizeof user_timeout_ms);
#else
    (void)user_timeout_ms;
#endif
    return failed ? -1 : 0;
}

int cld_listen_tcp(const char *host, uint16_t port, int backlog, uint16_t *bound_port) {
    struct addrinfo hints, *found = NULL;
    memset(&hints, 0, sizeof hints);
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
    char service[8];
    snprintf(service, sizeof service, "%u", (unsigned)port);
    if (getaddrinfo(host, service, &hints, &found) != 0 || found == NULL) return -2;
    int fd = socket(found->ai_family, SOCK_STREAM, 0);
    if (fd < 0) { freeaddrinfo(found); return -1; }
    int one = 1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (bind(fd, found->ai_addr, found->ai_addrlen) < 0 || listen(fd, backlog) < 0
        || set_nonblocking_cloexec(fd) < 0) {
        int saved = errno;
        close(fd);
        freeaddrinfo(found);
        errno = saved;
        return -1;
    }
    freeaddrinfo(found);
    struct sockaddr_storage address;
    socklen_t length = sizeof address;
    if (getsockname(fd, (struct sockaddr *)&address, &length) == 0) {
        if (address.ss_family == AF_INET6) *bound_port = ntohs(((struct sockaddr_in6 *)&address)->sin6_port);
        else *bound_port = ntohs(((struct sockaddr_in *)&address)->sin_port);
    }
    return fd;
}

void cld_retain_freed_memory(void) {
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, 4 << 20);
    mallopt(M_TRIM_THRESHOLD, 0x7fffffff);
    mallopt(M_TOP_PAD, 16 << 20);
#endif
}

void cld_release_free_memory(void) {
#if defined(__GLIBC__)
    malloc_trim(0);
#endif
}

size_t cld_heap_bytes_in_use(void) {
#if defined(__GLIBC__)
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
#else
    return 0;
#endif
}
