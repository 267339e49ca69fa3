"""POSTs one JSON file N times on one keep-alive connection and checks each answer is a 200.

Used by scripts/instruction-guard.sh to drive the server under callgrind.
usage: post_repeatedly.py PORT PATH BODY_FILE N
"""
import socket
import sys


def read_response(connection, pending):
    """Reads one response (Content-Length framed); returns (status line, bytes left over)."""
    while b"\r\n\r\n" not in pending:
        chunk = connection.recv(65536)
        if not chunk:
            raise SystemExit("the server closed the connection mid-response")
        pending += chunk
    head, _, rest = pending.partition(b"\r\n\r\n")
    lines = head.split(b"\r\n")
    length = next(int(line.split(b":", 1)[1]) for line in lines if line.lower().startswith(b"content-length:"))
    while len(rest) < length:
        chunk = connection.recv(65536)
        if not chunk:
            raise SystemExit("the server closed the connection mid-body")
        rest += chunk
    return lines[0], rest[length:]


def main():
    port, path, body_file, count = int(sys.argv[1]), sys.argv[2], sys.argv[3], int(sys.argv[4])
    body = open(body_file, "rb").read()
    request = (f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
               f"Content-Length: {len(body)}\r\n\r\n").encode() + body
    pending = b""
    with socket.create_connection(("127.0.0.1", port), timeout=60) as connection:
        for number in range(count):
            connection.sendall(request)
            status, pending = read_response(connection, pending)
            if not status.startswith(b"HTTP/1.1 200"):
                raise SystemExit(f"request {number + 1}: {status.decode()}")


main()
