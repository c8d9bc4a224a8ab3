"""Join two tables on a foreign key, filter on both sides and select columns of both."""
from __future__ import annotations

from procgym import Knob, register

from ._database import THEMES, db_rows, make_db, table_of
from ._conditions import kinds, pick_row, random_conditions
from ._task import NULL_NOTE, SqlTask, theme_knob

ALL_OPS = ("=", "<>", ">", "<", ">=", "<=", "in", "between")
PAIRS = {"FA": ("F", "A"), "BC": ("B", "C"), "FB": ("F", "B")}  # (child, parent): child holds the key


@register
class JoinTwoTables(SqlTask):
    """Write a join of two tables along a foreign key (facts to people or items, items to their
    lookup table), keeping the joined rows that meet conditions on either table and listing columns
    of both (both tables have id and name columns, so names must be qualified). Higher levels add
    rows, distractor columns and tables, conditions on both sides, NULLs and a required order."""

    name = "sql/join_two_tables"
    knobs = (
        theme_knob(),
        Knob("rows", [5, 6, 7, 8, 9, 10, 12, 13, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36], (3, 45),
             doc="rows of the people table (the facts table has twice as many)"),
        Knob("extras", [0, 0, 1, 1, 1, 2, 2, 2, 2, 2] + [2] * 10, (0, 2), doc="distractor columns per table"),
        Knob("distractors", [False, False, False, True, True, True, True, True, True, True] + [True] * 10,
             doc="whether tables no question needs are in the database"),
        Knob("child_conditions", [1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4], (0, 4),
             doc="conditions on the table holding the key"),
        Knob("parent_conditions", [0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3], (0, 3),
             doc="conditions on the referenced table"),
        Knob("null_rate", [0.0] * 4 + [0.1] * 4 + [0.15] * 4 + [0.2] * 8, (0.0, 0.5), doc="chance a value is NULL"),
        Knob("ordered", [False] * 5 + [True] * 15, doc="whether the question asks for an order"),
    )

    def build(self, rng, params):
        return self.build_with_retries(rng, params)

    def attempt(self, rng, params, fallback):
        theme = THEMES[params["theme"]]
        pair = rng.choice(sorted(PAIRS))
        child_role, parent_role = PAIRS[pair]
        roles = child_role + parent_role + ("ABCDF" if params["distractors"] else "")
        db = make_db(rng, theme, params["rows"], params["extras"], roles, params["null_rate"])
        child, parent = table_of(db, child_role), table_of(db, parent_role)
        key = next(c[0] for c in child["columns"] if c[2] == parent["name"])
        c_alias, p_alias = child["name"][0], parent["name"][0] + "2" if parent["name"][0] == child["name"][0] \
            else parent["name"][0]
        # every condition holds for one drawn pair, so the answer is never empty
        row = pick_row(rng, child)
        target = row[[c[0] for c in child["columns"]].index(key)]
        parent_row = next(r for r in parent["rows"] if r[0] == target)
        conds = (random_conditions(rng, db, child_role, child, params["child_conditions"], ALL_OPS, c_alias,
                                   anchor=row)
                 + random_conditions(rng, db, parent_role, parent, params["parent_conditions"], ALL_OPS, p_alias,
                                     anchor=parent_row))
        child_col = rng.choice(kinds(child)["num"])
        select = [f"{c_alias}.id", f"{p_alias}.name", f"{c_alias}.{child_col}"]
        columns = [f"the {child['name']} id", f"the {parent['name']} name", f"the {child['name']} {child_col}"]
        where = f" WHERE {' AND '.join(c['sql'] for c in conds)}" if conds else ""
        sql = (f"SELECT {', '.join(select)} FROM {child['name']} {c_alias} JOIN {parent['name']} {p_alias} "
               f"ON {c_alias}.{key} = {p_alias}.id{where}")
        order_text = ""
        if params["ordered"]:
            sql += f" ORDER BY {p_alias}.name ASC, {c_alias}.id DESC"
            order_text = (f"Order the rows by the {parent['name']} name in alphabetical order, and rows with the same "
                          f"name by the {child['name']} id from largest to smallest.")
        scope = f", keeping only the pairs where all of these hold: {'; '.join(c['text'] for c in conds)}" if conds \
            else ""
        question = (f"Match each row of {child['name']} with the row of {parent['name']} that its {key} refers to"
                    f"{scope}. For each such pair give {', '.join(columns)}. {NULL_NOTE}")
        spec = {"child": child_role, "parent": parent_role, "key": key, "shown": child_col,
                "conditions": [{k: c[k] for k in ("col", "op", "value", "role")} for c in conds],
                "ordered": params["ordered"]}
        return self.draft(db, question, sql, columns, params["ordered"], order_text, spec)

    def effort(self, problem):
        # each row of the key table is matched to its referenced row, then tested on every condition
        spec, check = problem.check["spec"], problem.check
        return problem.params["rows"] * 2 * (2 + len(spec["conditions"])) + check["rows"] * spec["ordered"] \
            + db_rows(check["db"]) // 4
