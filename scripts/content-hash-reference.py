#!/usr/bin/env python3
"""FilmSite's ContentHash written again from its doc comments, for the test values of
Tests/FilmSiteTests/Support/ContentHashTests.swift.

    scripts/content-hash-reference.py TEXT...   prints each text's hash (its UTF-8 bytes)
    scripts/content-hash-reference.py --bytes N  prints the hash of the bytes 0, 1, 2, … (mod 256), N of them
"""
import sys

MASK = (1 << 64) - 1
MULTIPLIER = 0xC6A4A7935BD1E995
SEED = 0x66696C6D73697465  # "filmsite"
KEYS = [0xA0761D6478BD642F, 0xE7037ED1A0B428DB, 0x8EBC6AF09C88C6E3, 0x589965CC75374CC3,
        0x1D8E4E27C47D124F, 0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB]


def mixed(word: int) -> int:
    word = (word * MULTIPLIER) & MASK
    word ^= word >> 47
    return (word * MULTIPLIER) & MASK


def folded(x: int, y: int) -> int:
    product = x * y
    return (product >> 64) ^ (product & MASK)


def word(data: bytes, offset: int) -> int:
    return int.from_bytes(data[offset:offset + 8], "little")


def content_hash(data: bytes) -> str:
    value = SEED ^ ((len(data) * MULTIPLIER) & MASK)
    blocks = len(data) // 64
    if blocks:
        lanes = [SEED, SEED ^ KEYS[5], SEED ^ KEYS[6], SEED ^ KEYS[7]]
        for block in range(blocks):
            for lane in range(4):
                first = word(data, block * 64 + 16 * lane)
                second = word(data, block * 64 + 16 * lane + 8)
                lanes[lane] = (((lanes[lane] * MULTIPLIER) & MASK)
                               ^ folded(first ^ KEYS[2 * lane], second ^ KEYS[2 * lane + 1])
                               ^ first ^ second)
        for lane in lanes:
            value = ((value ^ mixed(lane)) * MULTIPLIER) & MASK
    words = len(data) // 8
    for index in range(blocks * 8, words):
        value = ((value ^ mixed(word(data, 8 * index))) * MULTIPLIER) & MASK
    if len(data) > words * 8:
        value = ((value ^ int.from_bytes(data[words * 8:], "little")) * MULTIPLIER) & MASK
    value ^= value >> 47
    value = (value * MULTIPLIER) & MASK
    value ^= value >> 47
    return f"{value:016x}"


if __name__ == "__main__":
    if sys.argv[1:2] == ["--bytes"]:
        print(content_hash(bytes(index % 256 for index in range(int(sys.argv[2])))))
    else:
        for text in sys.argv[1:]:
            print(content_hash(text.encode("utf-8")))
