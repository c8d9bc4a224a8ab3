"""File a hidden mailbox's messages by an ordered list of rules, the first matching rule winning."""
from __future__ import annotations

from procgym import Knob, register
from procgym.kit import Param, Tool, TurnBudgetTask

from ._commands import CommandError, FINISH_TOOL, finish, page_of, read_command, replayed_effort
from ._names import PEOPLE

PAGE = 6  # messages per page of list_messages
DOMAINS = ("acme.com", "billing.io", "news.net", "club.org", "shop.biz", "uni.edu", "gov.int", "travel.co")
SUBJECT_WORDS = ("invoice", "meeting", "offer", "report", "ticket", "receipt", "newsletter", "reminder", "party",
                 "survey")
BODY_WORDS = ("unsubscribe", "urgent", "attached", "password", "deadline", "refund")
FOLDERS = ("Finance", "Work", "Promotions", "Social", "Travel", "Archive", "Receipts", "Alerts")
LABELS = ("todo", "keep", "later", "vip")
GRAMMAR = {"list_messages": ("word", "int"), "read_message": ("word",), "list_folders": (),
           "create_folder": ("word",), "move": ("word", "word"), "add_label": ("word", "word"),
           "mark_read": ("word",), "delete": ("word",), "finish": ()}


def rule_matches(rule: dict, msg: dict) -> bool:
    if rule["field"] == "domain":
        return msg["sender"].endswith("@" + rule["value"])
    if rule["field"] == "subject":
        return rule["value"] in msg["subject"].split()
    return rule["value"] in " ".join(msg["body"]).lower().replace(".", " ").split()


def rule_text(rule: dict) -> str:
    cond = {"domain": f"the sender's address ends in @{rule['value']}",
            "subject": f"the subject contains the word {rule['value']}",
            "body": f"the body contains the word {rule['value']}"}[rule["field"]]
    act = f"move it to {rule['folder']}" if rule["folder"] else f"add the label {rule['label']}"
    return f"if {cond}: {act}{' and mark it read' if rule['read'] else ''}"


def view(messages: dict) -> dict:
    return {k: [m["folder"], m["read"], sorted(m["labels"])] for k, m in messages.items()}


def solve(check: dict) -> tuple[dict, list[str]]:
    """The reference solver: (the final mailbox, its commands). It lists the folders and every
    page of Inbox, then takes the Inbox messages in list order: it checks the rules in order,
    reading a message's body only when it reaches a rule about the body, and applies the first
    rule that matches (creating a missing folder the first time one is needed)."""
    messages = {k: dict(m, labels=list(m["labels"])) for k, m in check["messages"].items()}
    inbox = [k for k in check["order"] if messages[k]["folder"] == "Inbox"]
    script = ["list_folders"] + [f"list_messages Inbox {p}" for p in range(1, max(1, -(-len(inbox) // PAGE)) + 1)]
    folders = set(check["folders"])
    for k in inbox:
        msg, opened = messages[k], False
        for rule in check["rules"]:
            if rule["field"] == "body" and not opened:
                script.append(f"read_message {k}")
                opened = True
            if not rule_matches(rule, msg):
                continue
            if rule["folder"]:
                if rule["folder"] not in folders:
                    script.append(f"create_folder {rule['folder']}")
                    folders.add(rule["folder"])
                script.append(f"move {k} {rule['folder']}")
                msg["folder"] = rule["folder"]
            elif rule["label"] not in msg["labels"]:
                script.append(f"add_label {k} {rule['label']}")
                msg["labels"] = sorted(msg["labels"] + [rule["label"]])
            if rule["read"] and not msg["read"]:
                script.append(f"mark_read {k}")
                msg["read"] = True
            break
    return {"messages": view(messages), "folders": sorted(folders)}, script + ["finish"]


@register
class InboxRules(TurnBudgetTask):
    """A mailbox is hidden behind tools: list_messages FOLDER PAGE shows ids, senders, subjects
    and read flags, read_message ID a message's body, list_folders the folders; create_folder,
    move ID FOLDER (failing, changing nothing, when the folder does not exist), add_label and
    mark_read change it, delete is a harmful distractor. The goal is an ordered list of filing
    rules for the Inbox messages, each a condition (the sender's domain, a word of the subject, or
    from level 5 a word of the body, which needs reading the message) and an action (move to a
    folder, or add a label, perhaps also marking it read); only the first matching rule applies.
    From level 8 a rule's folder may not exist yet, which a failed move reveals. The reward is 1
    exactly when every message's folder, read flag and labels and the set of folders equal the
    goal state (unique). Higher levels add messages (more pages), rules and overlaps between them,
    and leave fewer spare turns."""

    name = "tool_use/inbox_rules"
    knobs = (
        Knob("messages", [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18, 20, 22, 24, 26, 28], (1, 60),
             doc="messages in the Inbox"),
        Knob("rules", [1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 7, 7], (1, 10), doc="filing rules"),
        Knob("body_rules", [False] * 4 + [True] * 16, doc="whether rules may test the body"),
        Knob("missing", [0] * 7 + [1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2], (0, 4),
             doc="rule folders that do not exist yet"),
        Knob("elsewhere", [0, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5], (0, 20),
             doc="messages in other folders, which the rules leave alone"),
        Knob("slack", [6, 6, 5, 5, 5, 5, 4, 4, 4, 4, 4, 3, 3, 3, 3, 3, 2, 2, 2, 2], (0, 50),
             doc="spare turns beyond the reference solution"),
    )
    answer_format = "one command per turn: a tool name and its arguments, e.g. read_message M123; finish ends"
    example = "list_folders"
    tools = (
        Tool("list_messages", f"List a folder's messages ({PAGE} to a page): id, sender, subject, read flag.",
             "list_messages {folder} {page}", (Param("folder", "string", "the folder, e.g. Inbox"),
                                               Param("page", "integer", "the page, from 1"))),
        Tool("read_message", "Show a message in full, its body included (it stays unread).", "read_message {message}",
             (Param("message", "string", "the message id, e.g. M123"),)),
        Tool("list_folders", "List the folders.", "list_folders", ()),
        Tool("create_folder", "Create a folder.", "create_folder {folder}", (Param("folder", "string", "one word"),)),
        Tool("move", "Move a message to a folder.", "move {message} {folder}",
             (Param("message", "string", "the message id"), Param("folder", "string", "the folder"))),
        Tool("add_label", "Add a label to a message.", "add_label {message} {label}",
             (Param("message", "string", "the message id"), Param("label", "string", "one word"))),
        Tool("mark_read", "Mark a message read.", "mark_read {message}",
             (Param("message", "string", "the message id"),)),
        Tool("delete", "Delete a message for good.", "delete {message}",
             (Param("message", "string", "the message id"),)),
        FINISH_TOOL,
    )
    invalid_hint = "write one command: a tool name and its arguments"

    def build(self, rng, params):
        n, extra = params["messages"], params["elsewhere"]
        domains = rng.sample(DOMAINS, 5)
        rule_folders = rng.sample(FOLDERS, 4)
        missing = set(rule_folders[:params["missing"]])
        folders = sorted(["Inbox"] + [f for f in FOLDERS
                                      if f not in missing and (f in rule_folders or rng.random() < 0.5)])
        ids = [f"M{x}" for x in rng.sample(range(100, 1000), n + extra)]
        messages = {}
        for k, i in enumerate(ids):
            words = rng.sample(SUBJECT_WORDS, 2)
            body = [f"Please see the {rng.choice(('note', 'file', 'link', 'plan'))}."]
            if rng.random() < 0.5:
                body.append(f"This one is {rng.choice(BODY_WORDS)}.")
            messages[i] = {"sender": f"{rng.choice(PEOPLE).lower()}@{rng.choice(domains)}",
                           "subject": f"{words[0]} {rng.choice(('for', 'about', 'on'))} {words[1]}",
                           "body": body, "read": rng.random() < 0.3, "labels": [],
                           "folder": "Inbox" if k < n else rng.choice([f for f in folders if f != "Inbox"]
                                                                      or ["Inbox"])}
        fields = ("domain", "subject", "body") if params["body_rules"] else ("domain", "subject")
        rules = []
        for r in range(params["rules"]):
            field = rng.choice(fields)
            # a value taken from some Inbox message, so that every rule matches something
            msg = messages[rng.choice(ids[:n])]
            value = (msg["sender"].split("@")[1] if field == "domain" else
                     rng.choice([w for w in msg["subject"].split() if w in SUBJECT_WORDS]) if field == "subject" else
                     msg["body"][1].split()[-1].rstrip(".") if len(msg["body"]) > 1 else rng.choice(BODY_WORDS))
            to_folder = rng.random() < 0.6
            rules.append({"field": field, "value": value, "folder": rule_folders[r % 4] if to_folder else "",
                          "label": "" if to_folder else rng.choice(LABELS), "read": rng.random() < 0.4})
        order = sorted(ids)
        check = {"messages": messages, "order": order, "folders": folders, "rules": rules, "budget": 0}
        goal, script = solve(check)
        if goal["messages"] == view(messages):  # the goal must ask for a change: the first message meets rule 1
            first = next(i for i in order if messages[i]["folder"] == "Inbox")
            rule, msg = rules[0], messages[first]
            if rule["field"] == "domain":
                msg["sender"] = msg["sender"].split("@")[0] + "@" + rule["value"]
            elif rule["field"] == "subject":
                msg["subject"] = f"{rule['value']} {msg['subject']}"
            else:
                msg["body"] = msg["body"][:1] + [f"This one is {rule['value']}."]
            if not rule["folder"] and rule["label"] in msg["labels"]:
                msg["labels"] = []
            msg["read"] = False
            goal, script = solve(check)
        check["goal"] = goal
        check["budget"] = len(script) + params["slack"]
        lines = "\n".join(f"  {k + 1}. {rule_text(r)}" for k, r in enumerate(rules))
        question = (
            f"You file a mailbox through tools. Its Inbox holds {n} messages, hidden until you list and read them.\n"
            "Goal: apply these rules to every message in the Inbox; for each message only the first rule that "
            f"matches applies, and a message no rule matches stays as it is:\n{lines}\n"
            "Words match whole and ignoring case. Create a folder only when a rule needs it. Messages in other "
            "folders stay as they are; delete nothing.\n\n"
            "Commands (one per turn):\n"
            f"  list_messages FOLDER PAGE  id, sender, subject and read flag, {PAGE} a page, page 1 first\n"
            "  read_message ID            a message with its body (it stays unread)\n"
            "  list_folders               the folders\n"
            "  create_folder NAME         make a folder\n"
            "  move ID FOLDER             move a message\n"
            "  add_label ID LABEL         add a label\n"
            "  mark_read ID               mark a message read\n"
            "  delete ID                  delete a message\n"
            "  finish                     end the episode; the mailbox is then checked against the goal\n"
            "A failed command changes nothing. Every command, valid or not, uses a turn; you have "
            f"{check['budget']} turns.")
        return self.draft(question, "\n".join(script), check)

    def effort(self, problem):
        # tool calls of the reference plus the records it reads (messages listed, body lines)
        return replayed_effort(self, problem, {"list_messages": 1, "read_message": 1})

    def start(self, problem):
        check = problem.check
        return {"messages": {k: [m["folder"], m["read"], list(m["labels"])] for k, m in check["messages"].items()},
                "folders": list(check["folders"])}

    def act(self, problem, state, text):
        check = problem.check
        try:
            command, args = read_command(text, GRAMMAR)
        except CommandError as exc:
            return f"Invalid command: {exc}.", None
        boxes, folders, info = state["messages"], state["folders"], check["messages"]
        if command == "finish":
            final = {"messages": {k: [v[0], v[1], sorted(v[2])] for k, v in boxes.items()}, "folders": folders}
            return finish(final, check["goal"], self.difference)
        if command == "list_folders":
            return "Folders: " + ", ".join(folders), None
        if command in ("list_messages", "create_folder"):
            folder = args[0].capitalize()
            if command == "create_folder":
                if folder in folders:
                    return f"Error: {folder[:30]} exists already.", None
                folders.append(folder)
                folders.sort()
                return f"Created the folder {folder}.", None
            if folder not in folders:
                return f"Error: there is no folder {folder[:30]}.", None
            lines = [f"{k} from {info[k]['sender']} \"{info[k]['subject']}\" {'read' if boxes[k][1] else 'unread'}"
                     + (f" labels {','.join(sorted(boxes[k][2]))}" if boxes[k][2] else "")
                     for k in check["order"] if k in boxes and boxes[k][0] == folder]
            if not lines:
                return f"{folder} is empty.", None
            return page_of(lines, args[1], PAGE, f"messages in {folder}"), None
        mid = args[0].upper()
        if mid not in boxes:
            return f"Error: there is no message {mid[:30]}.", None
        box = boxes[mid]
        if command == "read_message":
            m = info[mid]
            return f"{mid} from {m['sender']}\nSubject: {m['subject']}\n" + "\n".join(m["body"]), None
        if command == "move":
            folder = args[1].capitalize()
            if folder not in folders:
                return f"Error: there is no folder {folder[:30]}; nothing moved.", None
            box[0] = folder
            return f"Moved {mid} to {folder}.", None
        if command == "add_label":
            label = args[1].lower()
            if label not in box[2]:
                box[2].append(label)
            return f"{mid} is labelled {label}.", None
        if command == "mark_read":
            box[1] = True
            return f"{mid} is marked read.", None
        del boxes[mid]
        return f"Deleted {mid}.", None

    @staticmethod
    def difference(final, goal):
        if final["folders"] != goal["folders"]:
            extra = sorted(set(final["folders"]) ^ set(goal["folders"]))[0]
            return f"the folder {extra} {'should not exist' if extra in final['folders'] else 'is missing'}"
        k = next(k for k in sorted(goal["messages"]) if final["messages"].get(k) != goal["messages"][k])
        if k not in final["messages"]:
            return f"message {k} was deleted"
        got, want = final["messages"][k], goal["messages"][k]
        return (f"message {k} is in {got[0]}, {'read' if got[1] else 'unread'}, labels {','.join(got[2]) or 'none'}; "
                f"the goal has {want[0]}, {'read' if want[1] else 'unread'}, labels {','.join(want[2]) or 'none'}")

    def unsolved(self, problem, state):
        return "finish was not called."

    def plan(self, problem, state):
        script = solve(problem.check)[1]
        return script[min(state["turn"], len(script) - 1)]
