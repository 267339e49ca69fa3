// CLibCrypto: the system's libcrypto (OpenSSL 3), for the service's token verification only:
// HMAC-SHA256 through EVP_MAC, Ed25519 through EVP_DigestVerify (its keys checked with BIGNUM),
// CRYPTO_memcmp.
// Debian/Ubuntu: libssl-dev; macOS: Homebrew openssl@3 (pkg-config finds it).
#ifndef CLIBCRYPTO_SHIM_H
#define CLIBCRYPTO_SHIM_H

#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#endif
