"""One normalisation pass for every answer, before any task reads it.

`Task.verify` and `InteractiveTask.step` call `normalize` on the extracted answer, so task
readers never see typographic variants and never repeat this work:

    normalize("  $\\text{−3}$. ")      # "-3"
    normalize("2022-09-04\u00a009:44")  # "2022-09-04 09:44"
    normalize("x²+1")                  # "x^2+1"

What it does, in order: superscript digits become `^n`; Unicode NFKC (full-width digits and
letters, no-break and thin spaces, ligatures); every minus and hyphen look-alike becomes `-`;
zero-width characters go; `\\r\\n` becomes `\\n`; then, repeatedly, the outer wrappers a model puts
round an answer are peeled (surrounding quotes and backticks, `$...$`, `\\(...\\)`, `\\[...\\]`,
`\\text{...}`, `\\mathrm{...}`, `**...**`) and one trailing full stop is dropped unless the task
keeps it (its answer grammar can end in one). Inner white space and line breaks are kept: they
can be part of an answer (grids, lines of actions).
"""
from __future__ import annotations

import re
import unicodedata

_SUPERSCRIPTS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻", "0123456789-")
_SUPERSCRIPT_RUN = re.compile(r"[⁻]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+")
# minus signs and dashes a model or a typesetter writes for "-": U+2212 minus, hyphens, figure
# dash, en dash, small and full-width hyphen-minus (NFKC folds the last two already)
_MINUS = str.maketrans({c: "-" for c in "\u2212\u2010\u2011\u2012\u2013\ufe63\uff0d\u2796"})
_INVISIBLE = re.compile("[\u200b\u200c\u200d\u2060\ufeff\u00ad]")
_SPACES = re.compile(r"[^\S\n]")  # any white space but a line break (NFKC leaves some, e.g. U+3000 -> ' ')
_WRAPPERS = [
    re.compile(r"^\$\$(.*)\$\$$", re.S),
    re.compile(r"^\$(.*)\$$", re.S),
    re.compile(r"^\\\((.*)\\\)$", re.S),
    re.compile(r"^\\\[(.*)\\\]$", re.S),
    re.compile(r"^\\(?:text|textbf|mathrm|mathbf|textrm|texttt|operatorname)\{([^{}]*)\}$", re.S),
    re.compile(r"^\*\*(.*)\*\*$", re.S),
    re.compile(r"^```[a-z]*\n(.*)\n```$", re.S),
    re.compile(r"^`([^`]*)`$", re.S),
    re.compile(r'^"([^"]*)"$', re.S),
    re.compile(r"^'([^']*)'$", re.S),
]


def _superscript(match: re.Match) -> str:
    return "^" + match.group(0).translate(_SUPERSCRIPTS)


_WRAPPER_STARTS = frozenset("$\\*`\"'")
_ASCII_SPACES = ("\t", "\x0b", "\x0c")


def normalize(text: str, full_stop: bool = True) -> str:
    """The answer with typographic variants folded and outer wrappers peeled (see the module doc).

    `full_stop=False` keeps a trailing "." for answers whose grammar can end in one.
    """
    if text.isascii():  # the common case: no Unicode work to do (every step below is a no-op on ASCII)
        s = text.replace("\r\n", "\n").replace("\r", "\n") if "\r" in text else text
        if any(c in s for c in _ASCII_SPACES):
            s = _SPACES.sub(" ", s)
    else:
        s = _SUPERSCRIPT_RUN.sub(_superscript, text)
        s = unicodedata.normalize("NFKC", s)
        s = s.translate(_MINUS)
        s = s.replace("\u201c", '"').replace("\u201d", '"').replace("\u2018", "'").replace("\u2019", "'")
        s = _INVISIBLE.sub("", s).replace("\r\n", "\n").replace("\r", "\n")
        s = _SPACES.sub(" ", s)
    if "\n" in s:
        s = "\n".join(line.rstrip() for line in s.split("\n"))
    s = s.strip()
    while True:
        before = s
        if full_stop and s.endswith(".") and not s.endswith(".."):
            s = s[:-1].rstrip()
        if s and s[0] in _WRAPPER_STARTS:
            for wrapper in _WRAPPERS:
                m = wrapper.match(s)
                if m:
                    s = m.group(1).strip()
                    break
        if s == before:
            return s
