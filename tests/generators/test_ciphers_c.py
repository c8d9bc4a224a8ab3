"""Per-task tests for ciphers/morse, luhn, isbn, affine and columnar_transposition: exact values
on known instances, accepted alternative forms and rejected near misses."""
import procgym
from procgym.generators.ciphers._check_digits import (isbn10_check, isbn10_valid, isbn13_check, isbn13_valid,
                                                      luhn_check_digit, luhn_valid)
from procgym.generators.ciphers._morse import MORSE, count_parses, morse_word
from procgym.generators.ciphers.affine import UNITS, inverse_table, keys_fitting
from procgym.generators.ciphers.affine import affine_table as table
from procgym.generators.ciphers.columnar import decode as col_decode
from procgym.generators.ciphers.columnar import encode as col_encode
from procgym.generators.ciphers.morse import encode, read_morse
from procgym.kit import normalize
from answer_helpers import ok

NAMES = ["ciphers/morse", "ciphers/luhn", "ciphers/isbn", "ciphers/affine", "ciphers/columnar_transposition"]


def first(name, level, pred=lambda p: True, seeds=range(300), **knobs):
    for seed in seeds:
        p = procgym.generate(name, seed=seed, difficulty=level, **knobs)
        if pred(p):
            return p
    raise AssertionError(f"no {name} problem matched")


def test_all_registered():
    assert set(NAMES) <= set(procgym.tasks("ciphers/*"))


# ------------------------------------------------------------------ morse
def test_morse_known_values():
    assert encode("sos") == "... --- ..."
    assert encode("hi there") == ".... .. / - .... . .-. ."
    assert read_morse(normalize("\u00b7\u00b7\u00b7 \u2212\u2212\u2212 / .-")) == [["...", "---"], [".-"]]
    assert read_morse("... x ...") is None
    assert morse_word("et") == ".-" == MORSE["a"]
    # ".-" is "a" or "et": two texts; with only "a" in the list, one
    assert count_parses(".-", {".-": ["a"], ".": ["e"], "-": ["t"]}) == 2
    assert count_parses(".-", {".-": ["a"]}) == 1


def test_morse_encode_forms():
    p = first("ciphers/morse", 1, lambda p: p.check["mode"] == "encode" and len(p.check["words"]) >= 2,
              mode="encode", n_words=2)
    assert ok(p, p.answer)
    assert ok(p, p.answer.replace(" / ", "/"))
    assert ok(p, p.answer.replace(".", "\u00b7"))
    assert not ok(p, p.answer.replace(" / ", " "))  # the word break is missing
    assert not ok(p, p.answer.replace("-", ".", 1))
    assert not ok(p, p.answer.replace(" ", "", 1))


def test_morse_stream_unique_and_forms():
    p = first("ciphers/morse", 8)
    assert p.check["mode"] == "stream"
    assert ok(p, p.answer) and ok(p, p.answer.upper()) and ok(p, p.answer.replace(" ", ""))
    words = p.answer.split()
    assert not ok(p, " ".join(words[:-1]))
    assert not ok(p, " ".join(reversed(words))) or words == words[::-1]
    stream = p.prompt.split("between words:\n")[1].split("\n")[0]
    assert stream == "".join(morse_word(w) for w in words)


def test_morse_decode():
    p = first("ciphers/morse", 2)
    assert p.check["mode"] == "decode"
    assert ok(p, p.answer) and ok(p, p.answer.title())
    assert not ok(p, p.answer[:-1] + ("a" if p.answer[-1] != "a" else "b"))


# ------------------------------------------------------------------ luhn
def test_luhn_known_values():
    assert luhn_valid("79927398713")
    assert not luhn_valid("79927398710")
    assert luhn_check_digit("7992739871") == "3"
    # the Luhn check cannot see 09 <-> 90
    assert luhn_valid("4539578763621486")
    assert luhn_valid("4590") == luhn_valid("4509")


def test_luhn_missing_digit_and_check_digit():
    p = first("ciphers/luhn", 5)
    assert p.check["mode"] == "missing"
    shown = p.prompt.split("\n\nThe number ")[1].split(" ")[0]
    fits = [d for d in "0123456789" if luhn_valid(shown.replace("?", d))]
    assert fits == [p.answer]
    assert ok(p, p.answer) and ok(p, f" {p.answer}. ")
    for d in "0123456789":
        if d != p.answer:
            assert not ok(p, d)
    assert not ok(p, p.answer * 2)
    q = first("ciphers/luhn", 1)
    payload = q.prompt.split("right of ")[1].split(" ")[0]
    assert luhn_valid(payload + q.answer)
    assert not ok(q, str((int(q.answer) + 1) % 10))


def test_luhn_validate_forms():
    p = first("ciphers/luhn", 8, lambda p: len(p.check["valid"]) >= 2)
    valid = p.check["valid"]
    listing = [line for line in p.prompt.split("\n") if len(line) > 3 and line[1:3] == ". "]
    assert [line[0] for line in listing if luhn_valid(line[3:])] == valid
    assert ok(p, ", ".join(valid)) and ok(p, " ".join(reversed(valid)).lower()) and ok(p, "[" + ",".join(valid) + "]")
    assert not ok(p, ", ".join(valid[:-1]))
    extra = next(ch for ch in "ABCDEFG" if ch not in valid and ch in {line[0] for line in listing})
    assert not ok(p, ", ".join(valid + [extra]))
    q = first("ciphers/luhn", 8, lambda p: not p.check["valid"])
    assert ok(q, "none") and not ok(q, "A")


# ------------------------------------------------------------------ isbn
def test_isbn_known_values():
    assert isbn10_check("030640615") == "2"
    assert isbn10_valid("0306406152")
    assert isbn13_check("978030640615") == "7"
    assert isbn13_valid("9780306406157")
    assert isbn10_check("080442957") == "X"
    # ISBN-13 misses an exchange of neighbours that differ by 5, and catches every other one
    isbn = "978030640615" + isbn13_check("978030640615")
    for j in range(12):
        a, b = isbn[j], isbn[j + 1]
        if a != b:
            swapped = isbn[:j] + b + a + isbn[j + 2:]
            assert isbn13_valid(swapped) == (abs(int(a) - int(b)) == 5)
    assert isbn13_valid("9780306406157") and not isbn13_valid("9780306046157")


def test_isbn_check_x_and_convert_forms():
    p = first("ciphers/isbn", 2, lambda p: p.answer == "X", seeds=range(2000))
    assert ok(p, "X") and ok(p, "x")
    assert not ok(p, "10") and not ok(p, "0")
    q = first("ciphers/isbn", 4)
    assert q.check["mode"] == "convert"
    digits = q.answer
    assert isbn13_valid(digits) and digits.startswith("978")
    assert ok(q, digits) and ok(q, f"{digits[:3]}-{digits[3]}-{digits[4:9]}-{digits[9:12]}-{digits[12]}")
    assert not ok(q, digits[:-1] + str((int(digits[-1]) + 1) % 10))
    assert not ok(q, digits[3:])


def test_isbn_missing_and_validate():
    p = first("ciphers/isbn", 5)
    assert p.check["mode"] == "missing"
    shown = p.prompt.split("The ISBN-")[1].split(" ")[1]
    check = isbn10_valid if len(shown) == 10 else isbn13_valid
    assert [d for d in "0123456789" if check(shown.replace("?", d))] == [p.answer]
    assert ok(p, p.answer) and not ok(p, str((int(p.answer) + 1) % 10))
    q = first("ciphers/isbn", 9, lambda p: p.check["valid"])
    lines = [line for line in q.prompt.split("\n") if len(line) > 3 and line[1:3] == ". "]
    got = [line[0] for line in lines
           if (isbn10_valid if len(line[3:].replace("-", "")) == 10 else isbn13_valid)(line[3:].replace("-", ""))]
    assert got == q.check["valid"]
    assert ok(q, q.answer.lower())
    assert not ok(q, "none")


# ------------------------------------------------------------------ affine
def test_affine_known_values():
    assert "abc xyz".translate(table(25, 25)) == "zyx cba"
    assert "hello".translate(table(5, 8)) == "rclla"  # the textbook example (a=5, b=8)
    for a in UNITS:
        assert "thequickbrownfox".translate(table(a, 7)).translate(inverse_table(a, 7)) == "thequickbrownfox"


def test_affine_crib_is_unique_and_forms():
    p = first("ciphers/affine", 8)
    cipher = p.prompt.split("The ciphertext '")[1].split("'")[0]
    crib = p.prompt.split("The word '")[1].split("'")[0]
    assert keys_fitting(cipher, crib, True, True) == {p.answer}
    assert ok(p, p.answer) and ok(p, p.answer.upper()) and ok(p, p.answer.replace(" ", ""))
    assert not ok(p, cipher)
    assert not ok(p, p.answer[:-1] + ("a" if p.answer[-1] != "a" else "b"))


def test_affine_atbash_and_encode():
    p = first("ciphers/affine", 1)
    plain = p.prompt.split("Apply Atbash to: ")[1].split("\n")[0]
    assert p.answer == plain.translate(table(25, 25))
    assert ok(p, p.answer.upper())
    assert not ok(p, plain)


# ------------------------------------------------------------------ columnar
def test_columnar_known_values():
    # key cab: columns are read in the order a (column 2), b (column 3), c (column 1)
    assert col_encode("abcdefg", "cab") == "becfadg"
    assert col_decode("becfadg", "cab") == "abcdefg"
    assert col_encode("wearediscovered", "zebras") == "evacdeserodewir"
    for text in ("a", "ab", "abcdefghij", "thequickbrownfoxjumps"):
        for key in ("ab", "dcba", "storm", "planet"):
            assert col_decode(col_encode(text, key), key) == text


def test_columnar_forms_and_double():
    p = first("ciphers/columnar_transposition", 8)
    keys = p.prompt.split("key word '")
    k1, k2 = keys[1].split("'")[0], keys[2].split("'")[0]
    cipher = p.prompt.split("The ciphertext '")[1].split("'")[0]
    assert col_encode(col_encode(p.answer, k1), k2) == cipher
    assert ok(p, p.answer) and ok(p, p.answer.upper())
    assert not ok(p, col_decode(cipher, k2))  # only one layer undone
    assert not ok(p, col_decode(col_decode(cipher, k1), k2)) or col_decode(col_decode(cipher, k1), k2) == p.answer
    q = first("ciphers/columnar_transposition", 1)
    assert ok(q, " ".join(q.answer[i:i + 3] for i in range(0, len(q.answer), 3)))
    assert not ok(q, q.answer[1:] + q.answer[0])


# ------------------------------------------------------------------ answer reading (issue 17)
def test_check_digit_refuses_signs_hedges_and_second_digits():
    p = first("ciphers/luhn", 1, lambda p: p.answer != "0")
    d = p.answer
    assert ok(p, d) and ok(p, f"`{d}`") and ok(p, f"{d}.") and ok(p, f"${d}$")
    for text in (f"-{d}", f"- {d}", f"+{d}", f"{d} or {(int(d) + 1) % 10}", f"{d}\n{(int(d) + 1) % 10}",
                 f"not {d}", f"{d}?", f"0, {d}", f"digit {d}", f"{d}{d}", f"{d} (I think)"):
        assert not ok(p, text), text
    q = first("ciphers/isbn", 2, lambda p: p.check["mode"] == "check10" and p.answer != "X")
    assert ok(q, q.answer) and not ok(q, "-" + q.answer) and not ok(q, f"{q.answer} or X")


def test_isbn13_reader_strict():
    q = first("ciphers/isbn", 4)
    digits = q.answer
    assert ok(q, f"ISBN {digits}") and ok(q, f"ISBN-13: {digits}") and ok(q, " ".join([digits[:3], digits[3:]]))
    for text in (f"-{digits}", f"{digits} or {digits[:-1]}0", f"{digits}\n{digits}", f"{digits}--", f"978-{digits}",
                 f"not {digits}"):
        assert not ok(q, text), text


def test_label_sets_strict():
    p = first("ciphers/isbn", 9, lambda p: len(p.check["valid"]) >= 2)
    valid = p.check["valid"]
    assert ok(p, " ".join(valid)) and ok(p, ", ".join(valid).lower()) and ok(p, "{" + ", ".join(valid) + "}")
    for text in (", ".join(valid) + " or " + valid[0], "not " + ", ".join(valid), ", ".join(valid + valid[:1]),
                 ", ".join(valid) + " (maybe)", ", ".join(valid) + ", none"):
        assert not ok(p, text), text
    q = first("ciphers/luhn", 8, lambda p: not p.check["valid"])
    assert ok(q, "None.") and ok(q, "{}") and not ok(q, "") and not ok(q, "none, A")


def test_examples_are_never_an_answer():
    for name in ("ciphers/luhn", "ciphers/isbn"):
        for level in range(1, 11):
            for seed in range(40):
                p = procgym.generate(name, seed=seed, difficulty=level)
                example = p.prompt.rsplit("for example <answer>", 1)[1].split("</answer>")[0]
                assert not ok(p, example), (name, level, seed, example)
    # a digit answer gets a digit drawn among the nine others, whatever the answer: problems whose
    # check digit is 7 (the task's own example) show various digits, as others do
    shown = {}
    for seed in range(300):
        p = procgym.generate("ciphers/luhn", seed=seed, difficulty=1)
        shown.setdefault(p.answer, set()).add(p.prompt.rsplit("for example <answer>", 1)[1].split("</answer>")[0])
    assert all(len(digits) >= 5 and answer not in digits for answer, digits in shown.items()), shown
    # a list of labels: Y and Z, which no list reaches; a conversion: an ISBN-13 with a wrong check digit
    p = procgym.generate("ciphers/luhn", seed=0, difficulty=4)
    assert p.check["mode"] == "validate" and p.prompt.endswith("for example <answer>Y, Z</answer>.")
    p = procgym.generate("ciphers/isbn", seed=0, difficulty=4)
    assert p.check["mode"] == "convert" and p.prompt.endswith("for example <answer>9780306406150</answer>.")
    # an XOR key: lowercase letters, so one with a digit is never the key
    p = procgym.generate("ciphers/xor", seed=0, difficulty=6)
    assert p.check["kind"] == "key" and p.prompt.endswith("for example <answer>k3y</answer>.") and not ok(p, "k3y")


def test_morse_keeps_a_final_dot_and_reads_letters_with_one():
    p = first("ciphers/morse", 1, lambda p: p.check["mode"] == "encode" and p.answer.endswith("."))
    assert ok(p, p.answer) and not ok(p, p.answer[:-1]) and ok(p, p.answer.replace(".", "\u00b7"))
    q = first("ciphers/morse", 2, lambda p: p.check["mode"] == "decode")
    assert ok(q, q.answer + ".") and ok(q, q.answer.upper()) and not ok(q, q.answer + " or " + q.answer)
