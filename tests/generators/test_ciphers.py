"""Per-task tests for ciphers/*: exact values on known instances, accepted alternative forms and
rejected near misses."""
import base64
import itertools
import re

import pytest

import procgym
from procgym.generators.ciphers._letters import letters_only, shift_text
from procgym.generators.ciphers._words import WORDS, segmentable
from procgym.generators.ciphers.caesar import plausible_shifts
from procgym.generators.ciphers.encodings import apply, messages, undo
from procgym.generators.ciphers.rail_fence import decode as rail_decode
from procgym.generators.ciphers.rail_fence import encode as rail_encode
from procgym.generators.ciphers.substitution import decodings, pattern
from procgym.generators.ciphers.vigenere import keys_from_crib, vigenere
from procgym.generators.ciphers.xor import read_hex, xor
from answer_helpers import ok

NAMES = ["ciphers/caesar", "ciphers/vigenere", "ciphers/substitution", "ciphers/rail_fence", "ciphers/xor",
         "ciphers/encodings"]


def first(name, level, pred=lambda p: True, seeds=range(200), **knobs):
    for seed in seeds:
        p = procgym.generate(name, seed=seed, difficulty=level, **knobs)
        if pred(p):
            return p
    raise AssertionError(f"no {name} problem at level {level} matched")


def change_one_letter(text):
    i = next(i for i, c in enumerate(text) if c.isalpha())
    c = text[i]
    repl = "b" if c.lower() == "a" else "a"
    return text[:i] + (repl.upper() if c.isupper() else repl) + text[i + 1:]


@pytest.mark.parametrize("name", NAMES)
def test_every_level_verifies_and_level_five_varies(name):
    for level in range(1, 11):
        for seed in range(3):
            p = procgym.generate(name, seed=seed, difficulty=level)
            assert p.prompt.isascii()
            assert ok(p, p.answer), (level, seed)
    assert len({procgym.generate(name, seed=s, difficulty=5).prompt for s in range(10)}) >= 8


def test_word_list_is_clean():
    assert len(WORDS) >= 400 and len(set(WORDS)) == len(WORDS)
    assert all(re.fullmatch(r"[a-z]{2,8}", w) for w in WORDS)


# --------------------------------------------------------------------------- caesar

def test_caesar_shift_and_segmentation():
    assert shift_text("abc xyz", 3) == "def abc"
    assert shift_text("DEF ABC", -3) == "ABC XYZ"
    vocab = frozenset({"cat", "dog", "at"})
    assert segmentable("catdogat", vocab) and not segmentable("catdo", vocab)
    cipher = shift_text("cat dog", 5).upper()
    assert plausible_shifts(cipher, "words", "", vocab, True) == [5]
    assert plausible_shifts(cipher, "crib", "dog", frozenset(), True) == [5]


def test_caesar_forms_and_near_misses():
    p = first("ciphers/caesar", 3, lambda p: " " in p.answer)
    assert ok(p, p.answer.upper())
    assert ok(p, p.answer.replace(" ", ""))
    assert ok(p, f"'{p.answer}'.")
    assert not ok(p, change_one_letter(p.answer))
    assert not ok(p, p.answer + "s")
    assert not ok(p, p.answer.replace(" ", "1", 1))  # digits are not letters
    # a decryption with the shift off by one
    cipher = p.prompt.split("Decrypt it:\n")[1].split("\n")[0]
    k = int(re.search(r"shift (\d+)\. Decrypt", p.prompt).group(1))
    assert shift_text(cipher, -k).lower() == p.answer
    assert not ok(p, shift_text(cipher, -k - 1).lower())


def test_caesar_unknown_shift_is_unique_and_no_space_answers():
    for level in (5, 7, 9, 10):
        for seed in range(5):
            p = procgym.generate("ciphers/caesar", seed=seed, difficulty=level)
            cipher = p.prompt.split("Decrypt it:\n")[1].split("\n")[0]
            fits = []
            for k in range(1, 26):
                plain = shift_text(cipher, -k).lower()
                if "contains the word" in p.prompt:
                    crib = re.search(r"contains the word '(\w+)'", p.prompt).group(1)
                    good = crib in (plain.split() if " " in cipher else plain)
                else:
                    listed = frozenset(re.search(r"one of these words: ([a-z, ]+)\.", p.prompt).group(1).split(", "))
                    good = all(w in listed for w in plain.split()) if " " in cipher else segmentable(plain, listed)
                fits.append(good)
            assert sum(fits) == 1, (level, seed)
    p = first("ciphers/caesar", 9, lambda p: " " not in p.answer)
    spaced = " ".join(p.answer[i:i + 3] for i in range(0, len(p.answer), 3))
    assert ok(p, spaced)  # spacing is not graded


# --------------------------------------------------------------------------- vigenere

def test_vigenere_known_values():
    assert vigenere("a ab", "KEY") == "K EZ"
    assert vigenere("attack at dawn", "LEMON") == "LXFOPV EF RNHR"
    assert vigenere("LXFOPV EF RNHR", "LEMON", -1).lower() == "attack at dawn"
    assert keys_from_crib("LXFOPV EF RNHR", "attack", 5, anywhere=False) == {"LEMON": "attack at dawn"}
    # anywhere: the crib "at dawn" sits at the second word and fixes all five key letters
    found = keys_from_crib("LXFOPV EF RNHR", "at dawn", 5, anywhere=True)
    assert found == {"LEMON": "attack at dawn"}
    # a crib shorter than the key leaves key letters open: no key
    assert keys_from_crib("LXFOPV EF RNHR", "at", 5, anywhere=True) == {}


def test_vigenere_forms_and_near_misses():
    p = first("ciphers/vigenere", 1)
    assert ok(p, p.answer.upper()) and ok(p, p.answer.replace(" ", ""))
    assert not ok(p, change_one_letter(p.answer))
    key = re.search(r"the key ([A-Z]+)\.", p.prompt).group(1)
    cipher = p.prompt.split("Decrypt it:\n")[1].split("\n")[0]
    wrong_key = key[1:] + key[0]  # the key rotated: a classic slip
    if wrong_key != key:
        assert not ok(p, vigenere(cipher, wrong_key, -1))
    enc = first("ciphers/vigenere", 2, lambda p: "Encrypt" in p.prompt)
    assert ok(enc, enc.answer.lower()) and not ok(enc, change_one_letter(enc.answer))


def test_vigenere_crib_singles_out_one_plaintext():
    for seed in range(6):
        p = procgym.generate("ciphers/vigenere", seed=seed, difficulty=10)
        length = int(re.search(r"unknown key of (\d+) letters", p.prompt).group(1))
        crib = re.search(r"words '([a-z ]+)'", p.prompt).group(1)
        cipher = p.prompt.split("Decrypt it:\n")[1].split("\n")[0]
        assert set(keys_from_crib(cipher, crib, length, anywhere=True).values()) == {p.answer}


# --------------------------------------------------------------------------- substitution

def test_substitution_patterns_and_search():
    assert pattern("seed") == pattern("TOOK") == (0, 1, 1, 2)
    vocab = ["cat", "dog", "cot", "dig"]
    # XYZ could be cat, dog, cot or dig; knowing Y = a leaves only cat
    assert decodings(["XYZ"], vocab, {"Y": "a"}) == [["cat"]]
    assert len(decodings(["XYZ"], vocab, {})) == 2  # stops at two
    # two words sharing letters: ABC and ADC read as dog/dig or as cot/cat; revealed letters decide
    four = ["dog", "dig", "cot", "cat"]
    assert sorted(decodings(["ABC", "ADC"], four, {"B": "o"})) == [["cot", "cat"], ["dog", "dig"]]
    assert sorted(decodings(["ABC", "ADC"], four, {"A": "d"})) == [["dig", "dog"], ["dog", "dig"]]
    assert decodings(["ABC", "ADC"], four, {"A": "d", "B": "o"}) == [["dog", "dig"]]
    # ABC and ADE end in different letters, but dog and dig both end in g
    assert decodings(["ABC", "ADE"], ["dog", "dig"], {}) == []
    # an injective key: two different cipher letters cannot both be plaintext 'o'
    assert decodings(["AB", "CB"], ["go", "no"], {"A": "g"}) == [["go", "no"]]
    assert decodings(["AB", "CB"], ["go"], {}) == []


def _brute(cipher_words, vocab, known):
    sols = []
    for combo in itertools.product(vocab, repeat=len(cipher_words)):
        fwd = dict(known)
        good = True
        for c, w in zip(cipher_words, combo):
            if len(c) != len(w):
                good = False
                break
            for a, b in zip(c, w):
                if fwd.setdefault(a, b) != b:
                    good = False
                    break
            if not good:
                break
        if good and len(set(fwd.values())) == len(fwd):
            sols.append(list(combo))
    return sols


def test_substitution_search_agrees_with_brute_force():
    vocab = ["see", "too", "sea", "tea", "eat", "ate", "tot", "set"]
    for words in (["XYY", "ZXY"], ["ABC", "CBA"], ["ABA", "CBC"], ["ABC", "BAC", "CAB"]):
        assert len(decodings(words, vocab, {}, limit=100)) == len(_brute(words, vocab, {}))


def test_substitution_problems_decode_uniquely():
    for level in (1, 5, 10):
        for seed in range(4):
            p = procgym.generate("ciphers/substitution", seed=seed, difficulty=level)
            vocab = re.search(r"one of these words: ([a-z, ]+)\.", p.prompt).group(1).split(", ")
            known = dict(re.findall(r"([A-Z]) = ([a-z])", p.prompt))
            cipher = p.prompt.split("Decrypt this ciphertext:\n")[1].split("\n")[0].split()
            found = decodings(cipher, vocab, known, limit=5)
            assert [" ".join(f) for f in found] == [p.answer]
    p = procgym.generate("ciphers/substitution", seed=0, difficulty=5)
    assert ok(p, p.answer.upper()) and not ok(p, change_one_letter(p.answer))
    assert not ok(p, " ".join(p.answer.split()[:-1]))


# --------------------------------------------------------------------------- rail fence

def test_rail_fence_known_values():
    assert rail_encode("HELLOWORLD", 3) == "HOLELWRDLO"
    assert rail_encode("WEAREDISCOVEREDFLEEATONCE", 3) == "WECRLTEERDSOEEFEAOCAIVDEN"
    assert rail_encode("ABCDEF", 2) == "ACEBDF"
    assert rail_encode("ABCDEFGH", 4) == "AGBFHCED"
    for rails in range(2, 7):
        for n in range(1, 30):
            text = "".join(chr(65 + i % 26) for i in range(n))
            assert rail_decode(rail_encode(text, rails), rails) == text


def test_rail_fence_forms_and_near_misses():
    p = first("ciphers/rail_fence", 4)  # decode, 3 rails
    assert ok(p, p.answer.lower())
    assert ok(p, " ".join(p.answer[i:i + 5] for i in range(0, len(p.answer), 5)))
    cipher = p.prompt.split("The ciphertext is:\n")[1].split("\n")[0]
    rails = int(re.search(r"with (\d+) rails", p.prompt).group(1))
    assert rail_decode(cipher, rails) == p.answer
    assert not ok(p, rail_decode(cipher, rails + 1))
    assert not ok(p, rail_encode(cipher, rails))  # encoding instead of decoding
    two = first("ciphers/rail_fence", 9)
    r1, r2 = map(int, re.findall(r"(\d+) rails", two.prompt)[-2:])
    c2 = two.prompt.split("The ciphertext is:\n")[1].split("\n")[0]
    assert rail_decode(rail_decode(c2, r2), r1) == two.answer
    assert not ok(two, rail_decode(rail_decode(c2, r1), r2)) or r1 == r2  # undone in the wrong order


# --------------------------------------------------------------------------- xor

def test_xor_known_values_and_hex_reading():
    assert xor(b"ab", b"c") == b"\x02\x01"
    assert xor(xor(b"hello world", b"key"), b"key") == b"hello world"
    assert read_hex("0a 1B:2c") == b"\x0a\x1b\x2c"
    assert read_hex("0x0a0x1b") == b"\x0a\x1b"
    assert read_hex("abc") is None and read_hex("zz") is None
    assert read_hex("0x0a, 0x1b") == b"\x0a\x1b" and read_hex("0a-1b") == b"\x0a\x1b"
    for bad in ("-0a1b", "0a1b or 0a1c", "0a 1", ":0a1b", "0a1b?"):  # no sign dropped, no second candidate
        assert read_hex(bad) is None, bad


def test_xor_forms_and_near_misses():
    enc = first("ciphers/xor", 1, lambda p: "Encrypt" in p.prompt)
    spaced = " ".join(enc.answer[i:i + 2] for i in range(0, len(enc.answer), 2))
    assert ok(enc, enc.answer.upper()) and ok(enc, spaced) and ok(enc, "0x" + enc.answer)
    assert not ok(enc, enc.answer[:-1])  # half a byte short
    assert not ok(enc, enc.answer[:-2])  # a byte short
    last = int(enc.answer[-2:], 16) ^ 1
    assert not ok(enc, enc.answer[:-2] + f"{last:02x}")

    dec = first("ciphers/xor", 3, lambda p: "Decrypt it" in p.prompt)
    assert ok(dec, f'"{dec.answer}"') and ok(dec, dec.answer + ".")
    assert not ok(dec, dec.answer.upper())  # XOR output is case-sensitive
    assert not ok(dec, change_one_letter(dec.answer))

    key = first("ciphers/xor", 6, lambda p: "Find the key" in p.prompt)
    assert ok(key, key.answer.encode().hex()) and ok(key, key.answer)
    assert not ok(key, key.answer.upper()) and not ok(key, key.answer + key.answer)

    crib = first("ciphers/xor", 9)
    hex_cipher = crib.prompt.split("bytes:\n")[1].split("\n")[0]
    length = int(re.search(r"unknown key of (\d+) byte", crib.prompt).group(1))
    start = re.search(r"begins with '([a-z ]+)'", crib.prompt).group(1).encode()
    stream = xor(bytes.fromhex(hex_cipher)[:len(start)], start)
    assert xor(bytes.fromhex(hex_cipher), stream[:length]).decode() == crib.answer
    assert not ok(crib, xor(bytes.fromhex(hex_cipher), stream[:length - 1] or b"a").decode("latin-1"))


# --------------------------------------------------------------------------- encodings

def test_encodings_known_values():
    assert apply("hi", "hex") == "6869" and apply("hi", "base64") == "aGk="
    assert undo("6869", "hex") == "hi" and undo("aGk=", "base64") == "hi"
    assert undo("686", "hex") is None and undo("aGk", "base64") is None and undo("zz", "hex") is None
    layered = apply(apply("meet at noon", "base64"), "hex")
    assert layered == base64.b64encode(b"meet at noon").hex()
    assert messages(layered, 2) == {"meet at noon"}


def test_encodings_forms_and_near_misses():
    b64 = first("ciphers/encodings", 1, lambda p: "with base64." in p.prompt and p.answer.endswith("="))
    assert ok(b64, b64.answer.rstrip("="))  # padding is forgiven
    assert not ok(b64, b64.answer.lower())  # base64 is case-sensitive
    assert not ok(b64, b64.answer[:-2] + ("A" if b64.answer[-2] != "A" else "B") + b64.answer[-1])
    hx = first("ciphers/encodings", 1, lambda p: "with hex." in p.prompt)
    assert ok(hx, hx.answer.upper()) and ok(hx, " ".join(hx.answer[i:i + 2] for i in range(0, len(hx.answer), 2)))
    assert not ok(hx, hx.answer[:-2])
    dec = first("ciphers/encodings", 6)
    assert ok(dec, f"'{dec.answer}'")
    assert not ok(dec, dec.answer.capitalize()) and not ok(dec, change_one_letter(dec.answer))


def test_encodings_unnamed_chains_decode_to_one_message():
    for seed in range(5):
        p = procgym.generate("ciphers/encodings", seed=seed, difficulty=10)
        layers = int(re.search(r"encoded (\d+) times", p.prompt).group(1))
        encoded = p.prompt.split("The result is:\n")[1].split("\n")[0]
        assert messages(encoded, layers) == {p.answer}


def test_letters_only():
    assert letters_only("Meet me, at NOON!") == "meetmeatnoon"
