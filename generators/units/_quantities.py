"""Physical quantities: a unit table, a strict reader of "<number> <unit>" answers, and grading.

A quantity is an exact value in SI base units and a dimension, the exponents of
(m, kg, s, A, K, mol). Every factor in the table is an exact Fraction (the inch is 0.0254 m, the
pound 0.45359237 kg, the calorie 4.184 J, the atmosphere 101325 Pa), so conversions never round.

    read_quantity("43.2 km/h")              # Quantity(12, SPEED)
    read_quantity("9.81 kg*m/s^2")          # a force
    grade_quantity("12 m/s", Fraction(12), SPEED, unit=None)       # right: any speed unit
    grade_quantity("43.2 km/h", Fraction(12), SPEED, unit="m/s")   # wrong: give it in m/s

The reader consumes the whole answer: a number read by the kit's reader (an integer, a decimal,
p/q, \\frac{p}{q}, optionally times a power of ten), then a unit expression: unit symbols (with
SI prefixes) or names, multiplied by `*`, a space or `\\cdot`, divided by `/` or "per",
raised with `^n`, grouped with brackets. Anything else (a second number, a word, a hedge) is
refused with the reason, and so is a product written after a division (`J/kg*K`), which is
ambiguous.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from fractions import Fraction

from procgym import Draft, Task
from procgym.kit import NotAnAnswer, number_text, preview, read_int, read_number, refused, split_assignment
from procgym.parsing import ParseError
from procgym.verdict import Verdict, right, wrong

BASE = ("m", "kg", "s", "A", "K", "mol")
Dim = tuple


def dim(m=0, kg=0, s=0, A=0, K=0, mol=0) -> Dim:
    return (m, kg, s, A, K, mol)


NONE = dim()
LENGTH, MASS, TIME, CURRENT, TEMPERATURE, AMOUNT = (dim(1), dim(kg=1), dim(s=1), dim(A=1), dim(K=1), dim(mol=1))
AREA, VOLUME = dim(2), dim(3)
SPEED, ACCELERATION = dim(1, s=-1), dim(1, s=-2)
FORCE = dim(1, 1, -2)
ENERGY = dim(2, 1, -2)
POWER = dim(2, 1, -3)
PRESSURE = dim(-1, 1, -2)
DENSITY = dim(-3, 1)
CHARGE = dim(s=1, A=1)
VOLTAGE = dim(2, 1, -3, -1)
RESISTANCE = dim(2, 1, -3, -2)
FREQUENCY = dim(s=-1)
CONCENTRATION = dim(-3, mol=1)
MOLAR_MASS = dim(kg=1, mol=-1)
SPECIFIC_HEAT = dim(2, 0, -2, K=-1)
HEAT_CAPACITY = dim(2, 1, -2, K=-1)
FLOW = dim(3, s=-1)
MOMENTUM = dim(1, 1, -1)
GAS_CONSTANT = dim(2, 1, -2, K=-1, mol=-1)

DIMENSION_NAMES = {
    NONE: "a pure number", LENGTH: "a length", MASS: "a mass", TIME: "a time", CURRENT: "an electric current",
    TEMPERATURE: "a temperature", AMOUNT: "an amount of substance", AREA: "an area", VOLUME: "a volume",
    SPEED: "a speed", ACCELERATION: "an acceleration", FORCE: "a force", ENERGY: "an energy", POWER: "a power",
    PRESSURE: "a pressure", DENSITY: "a density", CHARGE: "an electric charge", VOLTAGE: "a voltage",
    RESISTANCE: "a resistance", FREQUENCY: "a frequency", CONCENTRATION: "a concentration",
    MOLAR_MASS: "a molar mass", SPECIFIC_HEAT: "a specific heat capacity", HEAT_CAPACITY: "a heat capacity",
    FLOW: "a volume flow rate", MOMENTUM: "a momentum", dim(kg=1, s=-1): "a mass flow rate",
    dim(mol=1, s=-1): "an amount per time", dim(s=-1, K=0, mol=0): "a frequency",
}


def base_units_text(d: Dim) -> str:
    """A dimension in SI base units, positive powers first: `kg m^2 s^-2`; "1" when dimensionless."""
    order = (1, 0, 2, 3, 4, 5)  # kg before m, the usual way of writing them
    parts = [(BASE[i], d[i]) for i in order if d[i] > 0] + [(BASE[i], d[i]) for i in order if d[i] < 0]
    return " ".join(u if e == 1 else f"{u}^{e}" for u, e in parts) or "1"


def base_units_fraction(d: Dim) -> str:
    """A dimension in SI base units as one fraction: `kg*m^2/(s^2*A)`."""
    order = (1, 0, 2, 3, 4, 5)
    top = [BASE[i] if d[i] == 1 else f"{BASE[i]}^{d[i]}" for i in order if d[i] > 0]
    bottom = [BASE[i] if d[i] == -1 else f"{BASE[i]}^{-d[i]}" for i in order if d[i] < 0]
    if not top:
        return "*".join(f"{BASE[i]}^{d[i]}" for i in order if d[i] < 0)
    text = "*".join(top)
    if bottom:
        text += "/" + (bottom[0] if len(bottom) == 1 else "(" + "*".join(bottom) + ")")
    return text


def dimension_name(d: Dim) -> str:
    """How feedback names a dimension: "a speed", or its base units."""
    return DIMENSION_NAMES.get(tuple(d)) or f"a quantity in {base_units_text(d)}"


# ----------------------------------------------------------------------------- the unit table

F = Fraction
INCH = F(254, 10000)
POUND = F(45359237, 10 ** 8)
STANDARD_GRAVITY = F(980665, 10 ** 5)

# symbol: (factor to SI, dimension, takes SI prefixes)
UNITS: dict[str, tuple[Fraction, Dim, bool]] = {
    "m": (F(1), LENGTH, True), "g": (F(1, 1000), MASS, True), "s": (F(1), TIME, True),
    "A": (F(1), CURRENT, True), "K": (F(1), TEMPERATURE, True), "mol": (F(1), AMOUNT, True),
    "N": (F(1), FORCE, True), "J": (F(1), ENERGY, True), "W": (F(1), POWER, True), "Pa": (F(1), PRESSURE, True),
    "C": (F(1), CHARGE, True), "V": (F(1), VOLTAGE, True), "Ω": (F(1), RESISTANCE, True),
    "Hz": (F(1), FREQUENCY, True), "L": (F(1, 1000), VOLUME, True), "l": (F(1, 1000), VOLUME, True),
    "M": (F(1000), CONCENTRATION, True),  # mol/L; "mM" is millimolar
    "t": (F(1000), MASS, False), "min": (F(60), TIME, False), "h": (F(3600), TIME, False),
    "Wh": (F(3600), ENERGY, True), "cal": (F(4184, 1000), ENERGY, True), "bar": (F(10 ** 5), PRESSURE, True),
    "atm": (F(101325), PRESSURE, False), "in": (INCH, LENGTH, False), "ft": (12 * INCH, LENGTH, False),
    "yd": (36 * INCH, LENGTH, False), "mi": (63360 * INCH, LENGTH, False), "lb": (POUND, MASS, False),
    "lbf": (POUND * STANDARD_GRAVITY, FORCE, False), "mph": (63360 * INCH / 3600, SPEED, False),
    "psi": (POUND * STANDARD_GRAVITY / INCH ** 2, PRESSURE, False), "cc": (F(1, 10 ** 6), VOLUME, False),
    "degC": (F(1), TEMPERATURE, False), "°C": (F(1), TEMPERATURE, False),  # only ever a difference here
}
ALIASES = {"ohm": "Ω", "ohms": "Ω", "Ohm": "Ω", "sec": "s", "hr": "h", "hrs": "h", "mins": "min", "kph": "km/h"}

PREFIXES = {"T": F(10 ** 12), "G": F(10 ** 9), "M": F(10 ** 6), "k": F(1000), "h": F(100), "d": F(1, 10),
            "c": F(1, 100), "m": F(1, 1000), "u": F(1, 10 ** 6), "μ": F(1, 10 ** 6), "n": F(1, 10 ** 9),
            "p": F(1, 10 ** 12)}
ALIASES.update({p + word: p + "Ω" for p in PREFIXES for word in ("ohm", "ohms", "Ohm")})
PREFIX_NAMES = {"tera": "T", "giga": "G", "mega": "M", "kilo": "k", "hecto": "h", "deci": "d", "centi": "c",
                "milli": "m", "micro": "u", "nano": "n", "pico": "p"}
NAMES = {"meter": "m", "metre": "m", "gram": "g", "second": "s", "ampere": "A", "amp": "A", "kelvin": "K",
         "mole": "mol", "newton": "N", "joule": "J", "watt": "W", "pascal": "Pa", "coulomb": "C", "volt": "V",
         "hertz": "Hz", "liter": "L", "litre": "L", "calorie": "cal", "tonne": "t", "minute": "min", "hour": "h",
         "inch": "in", "inches": "in", "foot": "ft", "feet": "ft", "mile": "mi", "pound": "lb", "atmosphere": "atm",
         "molar": "M", "bar": "bar"}


def _symbols() -> dict[str, tuple[Fraction, Dim]]:
    table: dict[str, tuple[Fraction, Dim]] = {}
    for symbol, (factor, d, prefixed) in UNITS.items():
        if prefixed:
            for p, scale in PREFIXES.items():
                table.setdefault(p + symbol, (scale * factor, d))
    for symbol, (factor, d, _) in UNITS.items():  # a plain symbol wins over a prefixed reading
        table[symbol] = (factor, d)
    for name, symbol in NAMES.items():
        factor, d, prefixed = UNITS[symbol]
        spellings = {name: factor} if name.endswith(("es", "et", "hertz")) else {name: factor, name + "s": factor}
        if prefixed:
            for pname, p in PREFIX_NAMES.items():
                for word in (name, name + "s"):
                    spellings[pname + word] = PREFIXES[p] * factor
        for word, f in spellings.items():
            table.setdefault(word, (f, d))
            NAME_WORDS.add(word)
    return table


NAME_WORDS: set[str] = set()


SYMBOLS = _symbols()
SYMBOLS["kg"] = (F(1), MASS)


@lru_cache(maxsize=1024)
def unit_factor(unit: str) -> tuple[Fraction, Dim]:
    """The SI factor and dimension of a unit expression we write ourselves (a task's own text);
    cached, since builds convert through the same few units over and over."""
    return read_unit(unit)


# ----------------------------------------------------------------------------- the reader

@dataclass(frozen=True)
class Quantity:
    """An exact amount in SI base units and its dimension."""

    value: Fraction  # in SI base units
    dim: Dim


MAX_UNIT_CHARS = 120
MAX_POWER = 30  # powers in a unit; dimensional analysis answers reach about 20
MAX_TEN_POWER = 40

_LATEX = [(re.compile(r"\\(?:text|mathrm|rm|textrm|operatorname|mbox)\s*\{((?:[^{}]|\{[^{}]*\})*)\}"), r" \1 "),
          (re.compile(r"\\(?:cdot|times)(?![A-Za-z])"), "*"), (re.compile(r"\\Omega(?![A-Za-z])"), "Ω"),
          (re.compile(r"\\(?:mu|micro)(?![A-Za-z])"), "μ"), (re.compile(r"\\[,;:! ]|~"), " "),
          (re.compile(r"\\%"), "%")]
_TOKEN = re.compile(r"\s*(?:([A-Za-zΩμ°]+)|(\^)\s*(\{\s*[+-]?\d+\s*\}|\(\s*[+-]?\d+\s*\)|[+-]?\d+)|([*/()·])|(\S))")


def _unlatex(text: str) -> str:
    for pattern, repl in _LATEX:
        for _ in range(4):  # nested \text{} is peeled a few levels deep, never unboundedly
            new = pattern.sub(repl, text)
            if new == text:
                break
            text = new
    return text.replace("\u00b5", "μ").replace("\u2126", "Ω")


def _tokens(text: str) -> list[tuple[str, str]]:
    out, pos = [], 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m or m.end() == pos:
            break
        pos = m.end()
        word, caret, power, op, other = m.groups()
        if word is not None:
            out.append(("word", word))
        elif caret is not None:
            out.append(("power", power.strip("{}() ")))
        elif op is not None:
            out.append(("op", "*" if op == "·" else op))
        elif other is not None:
            raise NotAnAnswer(f"unexpected {other!r} in the unit")
    return out


def _lookup(word: str) -> tuple[Fraction, Dim]:
    if word in ALIASES:
        word = ALIASES[word]
        if "/" in word:
            return read_unit(word)
    found = SYMBOLS.get(word)
    if found is None and word.lower() in NAME_WORDS:  # names in any case ("Joules"), symbols only as written
        found = SYMBOLS.get(word.lower())
    if found is None:
        raise NotAnAnswer(f"{preview(word, 20)} is not a unit")
    return found


def _power(factor: Fraction, d: Dim, n: int) -> tuple[Fraction, Dim]:
    return factor ** n, tuple(e * n for e in d)


def _times(a, b, sign=1):
    return (a[0] * b[0] if sign > 0 else a[0] / b[0]), tuple(x + sign * y for x, y in zip(a[1], b[1]))


_POWER_WORDS = {"square": 2, "cubic": 3}
_POWERED = {"squared": 2, "cubed": 3}


class _UnitParser:
    """expr := term ((`*` | juxtaposition) term)* (`/` term)* ; term := word [^n] | `(` expr `)` [^n].
    A product after a division (`J/kg*K`) is refused as ambiguous; write `J/(kg*K)`."""

    def __init__(self, tokens):
        self.tokens, self.i = tokens, 0

    def peek(self):
        return self.tokens[self.i] if self.i < len(self.tokens) else (None, None)

    def take(self):
        tok = self.peek()
        self.i += 1
        return tok

    def expr(self, depth=0):
        if depth > 3:
            raise NotAnAnswer("the unit has too many nested brackets")
        value = self.term(depth)
        divided = False
        while True:
            kind, text = self.peek()
            if kind is None or (kind == "op" and text == ")"):
                return value
            if kind == "op" and text == "/" or kind == "word" and text == "per":
                self.take()
                value = _times(value, self.term(depth), -1)
                divided = True
                continue
            if kind == "op" and text == "*":
                self.take()
            factor = self.term(depth)  # read first, so a stray word is named as what it is
            if divided:
                raise NotAnAnswer("a product after a division is ambiguous: write e.g. J/(kg*K)")
            value = _times(value, factor)

    def term(self, depth):
        kind, text = self.take()
        if kind == "word" and text.lower() in _POWER_WORDS and self.peek()[0] == "word":
            return _power(*self.term(depth), _POWER_WORDS[text.lower()])
        if kind == "word" and text != "per":
            value = _lookup(text)
        elif kind == "op" and text == "(":
            value = self.expr(depth + 1)
            if self.take() != ("op", ")"):
                raise NotAnAnswer("a bracket in the unit is not closed")
        else:
            raise NotAnAnswer("a unit is missing or malformed")
        kind, text = self.peek()
        if kind == "word" and text.lower() in _POWERED:
            self.take()
            return _power(*value, _POWERED[text.lower()])
        if kind == "power":
            self.take()
            n = read_int(text)
            if n == 0 or abs(n) > MAX_POWER:
                raise NotAnAnswer(f"the power {n} in the unit is out of range")
            value = _power(*value, n)
        return value


def read_unit(text: str) -> tuple[Fraction, Dim]:
    """A unit expression (`km/h`, `kg*m/s^2`, `N m`, `J/(g K)`, `mol/L`, `kilometers per hour`) as
    its SI factor and dimension; refused with the reason when it is not one."""
    s = _unlatex(text).strip()
    if not s:
        raise NotAnAnswer("the unit is missing")
    if len(s) > MAX_UNIT_CHARS:
        raise NotAnAnswer("the unit is too long")
    s = re.sub(r"(?<=[A-Za-z])-(?=[A-Za-z])", " ", s)  # "newton-metres", "kilowatt-hours"
    tokens = _tokens(s)
    parser = _UnitParser(tokens)
    value = parser.expr()
    if parser.i != len(tokens):
        raise NotAnAnswer(f"{preview(s)} is not a unit expression")
    return value


_NUMBER = re.compile(r"\s*([+-]?\s*(?:\\[dt]?frac\s*\{[^{}]*\}\s*\{[^{}]*\}|(?:\d[\d,]*\.?\d*|\.\d+)"
                     r"(?:[eE][+-]?\d+)?(?:\s*/\s*\d+(?![\d.]))?))")
_TEN_POWER = re.compile(r"\s*(?:\*|x|×|·)\s*10\s*\^\s*(\{\s*[+-]?\d+\s*\}|\(\s*[+-]?\d+\s*\)|[+-]?\d+)")


def _read(text: str, names) -> tuple[Fraction, Fraction, Dim]:
    """The number, the SI factor of the unit and its dimension."""
    if not isinstance(text, str) or not text.strip():
        raise NotAnAnswer("the answer is empty: give a number and its unit")
    s = _unlatex(text.strip())
    if "=" in s:
        lhs, s = split_assignment(s)
        if lhs not in names:
            raise NotAnAnswer(f"the left-hand side {preview(lhs, 20)} is not the quantity asked for")
    m = _NUMBER.match(s)
    if not m:
        raise NotAnAnswer(f"{preview(s)} does not start with a number")
    number = read_number(m.group(1).replace(" ", ""))
    rest = s[m.end():]
    t = _TEN_POWER.match(rest)
    if t:
        exponent = read_int(t.group(1).strip("{}() "))
        if abs(exponent) > MAX_TEN_POWER:
            raise NotAnAnswer("the power of ten is out of range")
        number *= Fraction(10) ** exponent
        rest = rest[t.end():]
    if not rest.strip():
        raise NotAnAnswer("the unit is missing: write the number followed by its unit")
    factor, d = read_unit(rest)
    return number, factor, tuple(d)


def read_quantity(text: str, names=()) -> Quantity:
    """`<number> <unit>` as an exact Quantity in SI units; `name = <number> <unit>` too when the
    name is one of `names` (the symbol the question uses, e.g. `v`)."""
    number, factor, d = _read(text, names)
    return Quantity(number * factor, d)


def grade_quantity(answer: str, value: Fraction, d: Dim, unit: str | None = None, what: str = "the quantity",
                   names=(), shown=None) -> Verdict:
    """Right when the answer is the exact `value` (in SI units) of dimension `d`: in `unit` when
    the prompt requires one (any spelling of that same unit), otherwise in any unit of the
    dimension. `shown` is the expected number in `unit` where it differs from `value` converted
    by the table (a problem's own stated factor). Feedback names what is wrong: not an answer, a missing unit, the wrong dimension,
    the wrong unit, or the wrong value."""
    try:
        number, factor, given = _read(answer, names)
    except ParseError as exc:
        return refused(exc)
    d = tuple(d)
    if given != d:
        return wrong(f"Wrong dimension: the unit gives {dimension_name(given)}, but {what} is {dimension_name(d)}.")
    if unit is not None:
        if factor != unit_factor(unit)[0]:
            return wrong(f"Give {what} in {unit}, as the question asks.")
        # in the unit asked for, the number itself is compared: a problem may state its own
        # (rounded) conversion fact, which the table's exact factor must not overrule
        if number == (Fraction(value) / factor if shown is None else Fraction(shown)):
            return right()
    elif number * factor == Fraction(value):
        return right()
    return wrong(f"The unit is right but the value is not {what}.")


# ----------------------------------------------------------------------------- writing values

def in_unit(si_value: Fraction, unit: str) -> Fraction:
    """An SI value expressed in `unit` (one of our own unit expressions)."""
    return Fraction(si_value) / unit_factor(unit)[0]


def to_si(amount, unit: str) -> Fraction:
    """An amount in `unit` as an SI value."""
    return Fraction(amount) * unit_factor(unit)[0]


def pair(value: Fraction) -> list[int]:
    value = Fraction(value)
    return [value.numerator, value.denominator]


def dimension_word(d: Dim) -> str:
    """A dimension's name without its article: "speed"."""
    name = dimension_name(d)
    return name.split(" ", 1)[1] if name.startswith(("a ", "an ")) else name


EXACT = "exact: an integer, a decimal or a fraction p/q; do not round"


class QuantityTask(Task):
    """A word problem whose answer is one physical quantity: a number and its unit, graded exactly
    (see grade_quantity). Subclasses build the problem and call `quantity` for the Draft."""

    answer_format = f"a number followed by its unit ({EXACT})"
    example = "-1 kg"  # every quantity these tasks ask for is positive

    def quantity(self, question: str, si_value, d: Dim, unit: str, what: str, steps: int, any_unit: bool = False,
                 names=(), shown=None) -> Draft:
        shown = in_unit(si_value, unit) if shown is None else Fraction(shown)
        if any_unit:
            fmt = (f"a number followed by a unit of {dimension_word(d)}: any unit of {dimension_word(d)} "
                   f"is accepted, e.g. {unit} ({EXACT})")
        else:
            fmt = f"a number followed by the unit {unit} ({EXACT})"
        check = {"value": pair(si_value), "dim": list(d), "unit": None if any_unit else unit, "what": what,
                 "names": list(names), "steps": steps, "shown": pair(shown)}
        return Draft(question, f"{number_text(shown)} {unit}", check, answer_format=fmt, example=f"-1 {unit}")

    def grade(self, answer, problem):
        c = problem.check
        if c.get("absolute") and re.search(r"°|deg|[Cc]elsius", answer):
            return wrong("Give the absolute temperature in K: degrees Celsius are not absolute.")
        return grade_quantity(answer, Fraction(*c["value"]), tuple(c["dim"]), c["unit"], c["what"], c["names"],
                              Fraction(*c["shown"]))

    def effort(self, problem):
        """The reference solution's steps: formulas applied and conversions made, stored by build."""
        return problem.check["steps"]


def amount_text(value, unit: str) -> str:
    """An amount as the prompt writes it: `12.5 km/h`."""
    return f"{number_text(value)} {unit}"


def terminating(value) -> bool:
    q = Fraction(value).denominator
    for p in (2, 5):
        while q % p == 0:
            q //= p
    return q == 1


def show(rng, si_value, units, mixed: bool) -> tuple[str, bool]:
    """An SI value written in one of `units` (the first unless `mixed`), chosen among those in
    which it is a finite decimal; returns the text and whether it needs converting into the
    first unit, the one the problem is worked in."""
    choices = [u for u in (units if mixed else units[:1]) if terminating(in_unit(si_value, u))] or units[:1]
    unit = rng.choice(choices)
    return amount_text(in_unit(si_value, unit), unit), unit != units[0]


def read_base_units(text: str) -> Dim:
    """A unit expression written in SI base units only (`kg*m^2/s^3`, `kg m^2 s^-3`) as its
    dimension; a derived unit (J, N), a prefix (g, km), a number or a word is refused."""
    if not isinstance(text, str) or not text.strip():
        raise NotAnAnswer("the answer is empty: give the base units")
    s = _unlatex(text.strip())
    if len(s) > MAX_UNIT_CHARS:
        raise NotAnAnswer("the unit is too long")
    tokens = _tokens(s)
    for kind, word in tokens:
        if kind == "word" and word not in BASE:
            lookup = SYMBOLS.get(word)
            if lookup is not None:
                raise NotAnAnswer(f"{preview(word, 20)} is not an SI base unit: use only m, kg, s, A, K and mol")
            raise NotAnAnswer(f"{preview(word, 20)} is not a unit")
    parser = _UnitParser(tokens)
    factor, d = parser.expr()
    if parser.i != len(tokens):
        raise NotAnAnswer(f"{preview(s)} is not a unit expression")
    return tuple(d)
