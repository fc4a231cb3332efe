"""Parses a corpus of TOML documents with Python's tomllib, the reference for TOMLTests.

Usage: python3 tomllib_tagged.py CORPUS OUTPUT

CORPUS holds the documents one after another, each as its length in bytes in decimal, a
line feed, then the bytes. OUTPUT receives one line per document, in order:
"ok <json>" when tomllib accepts it, "error <json string>" when it refuses it. The JSON tags
every value with its type, like toml-test, so that integers, floats and the four date-time
kinds stay apart: {"type": "integer", "value": "42"}. Floats are their IEEE 754 bits in hex,
or "nan". Fractional seconds are in microseconds, the precision of Python's datetime.
"""

import datetime
import json
import struct
import sys

try:
    import tomllib
except ImportError:
    sys.stderr.write(
        f"{sys.executable} (Python {sys.version.split()[0]}) has no tomllib; "
        "TOMLTests needs Python 3.11 or later as python3 on PATH\n"
    )
    sys.exit(3)


def offset(value):
    minutes = int(value.utcoffset().total_seconds()) // 60
    sign = "-" if minutes < 0 else "+"
    return "%s%02d:%02d" % (sign, abs(minutes) // 60, abs(minutes) % 60)


def tag(value):
    if isinstance(value, bool):
        return {"type": "bool", "value": "true" if value else "false"}
    if isinstance(value, int):
        return {"type": "integer", "value": str(value)}
    if isinstance(value, float):
        if value != value:
            return {"type": "float", "value": "nan"}
        bits = struct.unpack("<Q", struct.pack("<d", value))[0]
        return {"type": "float", "value": "%016x" % bits}
    if isinstance(value, str):
        return {"type": "string", "value": value}
    if isinstance(value, datetime.datetime):
        text = "%04d-%02d-%02dT%02d:%02d:%02d.%06d" % (
            value.year, value.month, value.day,
            value.hour, value.minute, value.second, value.microsecond,
        )
        if value.tzinfo is None:
            return {"type": "datetime-local", "value": text}
        return {"type": "datetime", "value": text + offset(value)}
    if isinstance(value, datetime.date):
        text = "%04d-%02d-%02d" % (value.year, value.month, value.day)
        return {"type": "date-local", "value": text}
    if isinstance(value, datetime.time):
        text = "%02d:%02d:%02d.%06d" % (
            value.hour, value.minute, value.second, value.microsecond,
        )
        return {"type": "time-local", "value": text}
    if isinstance(value, list):
        return [tag(element) for element in value]
    if isinstance(value, dict):
        return {key: tag(element) for key, element in value.items()}
    raise TypeError(f"unexpected {type(value)}")


def documents(corpus):
    position = 0
    while position < len(corpus):
        newline = corpus.index(b"\n", position)
        length = int(corpus[position:newline])
        start = newline + 1
        yield corpus[start:start + length]
        position = start + length


def main():
    with open(sys.argv[1], "rb") as file:
        corpus = file.read()
    lines = []
    for document in documents(corpus):
        try:
            value = tomllib.loads(document.decode("utf-8"))
        except Exception as error:  # TOMLDecodeError, UnicodeDecodeError, RecursionError
            lines.append("error " + json.dumps(f"{type(error).__name__}: {error}"))
            continue
        lines.append("ok " + json.dumps(tag(value), sort_keys=True, ensure_ascii=True))
    with open(sys.argv[2], "w", encoding="ascii") as file:
        file.write("\n".join(lines) + "\n")


main()
