# listdiff-server in a container: built in the official Swift image with the Swift runtime
# linked in statically, run in a slim image as a non-root user. Configuration is by
# environment (every flag has a LISTDIFF_* variable; `listdiff-server --help` lists them).
#
#   docker build -t listdiff .
#   API_KEYS="backend=$(openssl rand -hex 24)"; echo "$API_KEYS"   # requests send 'Authorization: Bearer <the part after =>'
#   docker run --rm -p 8080:8080 -e LISTDIFF_API_KEYS="$API_KEYS" listdiff
#   docker run --rm -p 8080:8080 -e LISTDIFF_API_KEYS="$API_KEYS" -e LISTDIFF_DRAIN_DELAY=5 -e LISTDIFF_SHUTDOWN_GRACE=4 listdiff
# It binds 0.0.0.0, so without keys (LISTDIFF_API_KEYS or LISTDIFF_TOKEN_KEYS) it refuses to
# start; LISTDIFF_ALLOW_ANONYMOUS=on serves without them when that is meant.
# Set the port with LISTDIFF_PORT (the healthcheck reads it), and keep the drain delay plus the
# shutdown grace under `docker stop`'s 10 s (or pass `docker stop -t`).
ARG SWIFT_VERSION=6.3
FROM swift:${SWIFT_VERSION}-noble AS build
# The service verifies tokens with the system's libcrypto (OpenSSL 3); the Swift images carry
# neither its headers nor its pkg-config file.
RUN apt-get update \
    && apt-get install -y --no-install-recommends libssl-dev pkg-config \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
# The manifest names the test targets too, so their folders come along (nothing of them is built).
COPY Package.swift ./
COPY Sources ./Sources
COPY Tests ./Tests
RUN swift build -c release --static-swift-stdlib --product listdiff-server \
    && install -D "$(swift build -c release --show-bin-path)/listdiff-server" /out/listdiff-server

FROM ubuntu:noble
# curl only for the health check; the server needs libc and libstdc++ (both in the base) and
# libcrypto from libssl3 (OpenSSL 3, the runtime half of the build stage's libssl-dev).
RUN apt-get update \
    && apt-get install -y --no-install-recommends curl ca-certificates libssl3 \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --no-create-home --shell /usr/sbin/nologin listdiff
COPY --from=build /out/listdiff-server /usr/local/bin/listdiff-server
COPY openapi.yaml /srv/listdiff/openapi.yaml
ENV LISTDIFF_HOST=0.0.0.0 \
    LISTDIFF_PORT=8080 \
    LISTDIFF_OPENAPI=/srv/listdiff/openapi.yaml
USER listdiff
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
    CMD curl -fs "http://127.0.0.1:${LISTDIFF_PORT}/healthz" || exit 1
# SIGTERM drains: /readyz turns 503, in-flight requests and long polls are answered, exit 0.
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/listdiff-server"]
