"""Record deduplication: how many distinct customers after merging records that share a key."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import grade_int

from ._haystack import CITIES, FIRST, LAST, below, budget, density_knob, tokens_knob

LINE_CHARS = 82  # the mean length of one record line with its line break
DOMAINS = ("mail.example", "post.example", "inbox.example", "web.example")


def phone_digits(text: str) -> str:
    return "".join(ch for ch in text if ch.isdigit())


def distinct_customers(records, region: str) -> tuple[int, int]:
    """(customers, records merged): the records of `region` joined into groups, two records being
    the same customer when their e-mails match ignoring case or their phone numbers have the same
    digits; matching chains (union-find)."""
    rows = [r for r in records if r[4] == region]
    parent = list(range(len(rows)))

    def root(i):
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    seen: dict = {}
    merges = 0
    for i, (_, _, email, phone, _) in enumerate(rows):
        for key in (("e", email.lower()), ("p", phone_digits(phone))):
            if key in seen:
                a, b = root(i), root(seen[key])
                if a != b:
                    parent[a] = b
                    merges += 1
            else:
                seen[key] = i
    return len(rows) - merges, len(rows)


PHONE_STYLES = ("{a}-{b}-{c}", "({a}) {b}-{c}", "{a}.{b}.{c}", "{a} {b} {c}")


@register
class DedupeRecords(Task):
    """A long customer file gathered from several systems: one record per line with an id, a
    name, an e-mail, a phone number and a region. Two records belong to the same customer when
    their e-mails match (ignoring letter case) or their phone numbers have the same digits
    (whatever the punctuation); the matching chains (A matches B, B matches C: one customer).
    Give how many distinct customers one region's records describe. Near misses are different
    customers with the same name, records that share a name but neither key, and the same
    people's records in other regions. Levels grow the file from about 1,000 tokens to 32,000 at
    level 10 (46,000 at 20), how many records a customer has (and so the chains to follow), and
    the share of near misses.

    Generation: about 490 problems/s at level 5 measured on a heavily loaded shared core, the same
    as long_context/running_state in the same run (476/s; 950/s in its docstring). A level-5 prompt
    is about 28,000 characters, some 340 records each drawing a name, an e-mail and a phone, so the
    rate is bound by the document's size (no search or retry)."""

    name = "long_context/dedupe_records"
    knobs = (
        tokens_knob(),
        Knob("max_records", [2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8, 8], (1, 12),
             doc="most records one customer of the asked region has"),
        Knob("asked_share", [25, 22, 20, 18, 16, 14, 12, 10, 9, 8, 8, 7, 7, 6, 6, 5, 5, 5, 4, 4], (1, 100),
             doc="percent of the records that lie in the asked region"),
        density_knob("percent of the asked region's customers given a namesake (same name, other keys)"),
    )
    answer_format = "an integer, the number of distinct customers"
    example = "-1"  # a count of customers is never negative

    def build(self, rng, params):
        n = max(12, budget(params) // LINE_CHARS)
        share = params["distractor_pct"] / 100
        regions = rng.sample(CITIES, 6)
        region = regions[0]
        rand = rng.random
        used_emails, used_phones = set(), set()

        def new_phone():
            for _ in range(20):  # bounded: collisions among ten million numbers are rare
                p = f"{200 + below(rng, 800)}{below(rng, 10 ** 7):07d}"
                if p not in used_phones:
                    used_phones.add(p)
                    return p
            return p

        def new_email(first, last):
            for _ in range(20):
                e = f"{first}.{last}{below(rng, 1000)}@{DOMAINS[below(rng, 4)]}".lower()
                if e not in used_emails:
                    used_emails.add(e)
                    return e
            return e

        def styled(phone):
            return PHONE_STYLES[int(rand() * 4)].format(a=phone[:3], b=phone[3:6], c=phone[6:])

        def cased(email):
            if rand() < 0.3:
                local, dom = email.split("@")
                return local.capitalize() + "@" + dom
            return email.upper() if rand() < 0.05 else email

        def customer_records(reg, count):
            first, last = FIRST[below(rng, len(FIRST))], LAST[below(rng, len(LAST))]
            emails = [new_email(first, last)]
            phones = [new_phone()]
            out = []
            for j in range(count):
                if j:  # a later record shares at least one key with some earlier one, maybe adding a new key
                    if rand() < 0.5:
                        email, phone = emails[int(rand() * len(emails))], new_phone()
                        phones.append(phone)
                    else:
                        email, phone = new_email(first, last), phones[int(rand() * len(phones))]
                        emails.append(email)
                else:
                    email, phone = emails[0], phones[0]
                out.append((f"{first} {last}", cased(email), styled(phone), reg))
            return out

        records = []
        target_rows = max(4, n * params["asked_share"] // 100)
        k = params["max_records"]
        in_region = 0
        while in_region < target_rows and len(records) < n:
            group = customer_records(region, 1 + below(rng, k))
            records += group
            in_region += len(group)
            if rand() < share:  # a namesake: same name, different keys, same region
                name = group[0][0]
                first, last = name.split(" ")
                records.append((name, cased(new_email(first, last)), styled(new_phone()), region))
                in_region += 1
            if rand() < share * 0.5:
                # the same customer on file in another region: an exact copy of one record's keys, so it
                # can never join two of the asked region's records that do not already match
                name, email, phone, _ = group[int(rand() * len(group))]
                records.append((name, cased(email.lower()), styled(phone_digits(phone)), regions[1 + below(rng, 5)]))
        while len(records) < n:
            records += customer_records(regions[1 + below(rng, 5)], 1 + below(rng, k))
        order = rng.sample(range(len(records)), len(records))
        rows = [(f"C-{i + 1:05d}",) + records[j] for i, j in enumerate(order)]
        value, merged = distinct_customers(rows, region)  # the reference solution: union-find over keys
        lines = [f"{cid} | {name} | {email} | {phone} | {reg}" for cid, name, email, phone, reg in rows]
        question = ("Customer records merged from several systems (id | name | e-mail | phone | region):\n" +
                    "\n".join(lines) +
                    f"\n\nTwo records describe the same customer when their e-mail addresses are equal ignoring "
                    "letter case, or their phone numbers have the same digits whatever the punctuation; this "
                    "chains (if A matches B and B matches C, all three are one customer). Names are not a key: "
                    "different customers can share a name. Take only the records whose region is "
                    f"{region} and merge them among themselves: how many distinct customers do they describe?")
        return Draft(question, str(value), {"value": value, "lines": len(rows), "merged": merged})

    def grade(self, answer, problem):
        return grade_int(answer, problem.check["value"], "the number of distinct customers")

    def effort(self, problem):
        # every line is read; each of the region's records is keyed and merged
        return problem.check["lines"] + 2 * problem.check["merged"]
