#!/usr/bin/env python3
"""Runs the `run:` steps of a GitHub Actions workflow on this machine, for tests.

    run-workflow.py WORKFLOW --workdir DIR --context CONTEXT.json [--cache-hit STEP=FILE]...
                    [--report REPORT.json] [--step-timeout SECONDS]
    run-workflow.py WORKFLOW --syntax-check

It runs each job (in the order `needs` allows) and each of its steps in order, as the
runner would on Linux, but on this machine and in DIR, which stands for the checkout:

- A `run:` script is run with `bash --noprofile --norc -eo pipefail` (GitHub's default
  shell), in DIR (or its `working-directory`), with the workflow's, the job's and the
  step's `env:` merged, in that order. Its environment has only PATH, HOME, USER, TZ,
  TMPDIR, the locale and the sanitizer options of this process, plus what the runner sets: CI, GITHUB_ACTIONS,
  GITHUB_WORKSPACE, RUNNER_TEMP, RUNNER_OS, and GITHUB_<NAME> for each scalar of the
  context's `github`.
- GITHUB_ENV, GITHUB_PATH and GITHUB_OUTPUT are a new file for each step, read after it as
  the runner does: `NAME=value` or `NAME<<DELIMITER` lines for the environment of later
  steps and for `steps.<id>.outputs`; each GITHUB_PATH line goes in front of PATH for later
  steps.
- A `uses:` step is not run. Its outputs are the context's `steps.<id>.outputs`, and it
  succeeds. `--cache-hit STEP=FILE` makes the `actions/cache` or `actions/cache/restore`
  step with id STEP a hit: FILE is copied to its `path` and its `cache-hit` output is
  "true". Any other cache restore is a miss ("false").
- `if:` conditions and `${{ }}` in `env:`, `with:` and `name:` are evaluated with GitHub's
  rules, but only the forms this harness knows: literals, context properties (`github`,
  `secrets`, `env`, `steps`, `runner`, `vars`, `needs`), `!`, `==`, `!=`, `<`, `<=`, `>`,
  `>=`, `&&`, `||`, parentheses, and `success()`, `failure()`, `always()`, `cancelled()`.
  Anything else stops the harness with an error (exit 2), as do a `${{` in a `run:` script
  (values go through `env:`), a shell other than bash, an unknown step id, a `github` or
  `runner` property the context lacks, and a key of a job or step that would change how it
  runs (`strategy`, `services`, `defaults`). A missing secret is "", as on GitHub.

CONTEXT.json is {"github": {...}, "secrets": {...}, "vars": {...}, "runner": {...},
"steps": {"<id>": {"outputs": {...}}}}, every key optional. `runner.temp` defaults to a
new folder, `runner.os` to "Linux", `github.workspace` to DIR.

It prints a line `run-workflow: <job> / <step>: <what happened>` for every step: run,
skipped (with the condition that was false, or the failure before it), or not run (a
`uses:` step, with its outputs). The report is {"jobs": [{"id", "status", "reason",
"steps": [{"name", "id", "kind", "status", "reason", "exit_code"}]}]}, with job statuses
"success", "failure" or "skipped" and step statuses "success", "failure", "skipped" or
"not-run" (a `uses:` step). It exits 0 when every job succeeded, 1 when one failed, and 2
when the harness itself cannot go on.

`--syntax-check` runs `bash -n` on every `run:` script of every job, whether or not its
condition would hold, and exits 1 if any fails.
"""

import argparse
import json
import math
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile

try:
    from ruamel.yaml import YAML
except ImportError:  # pragma: no cover - depends on the machine
    print(
        "run-workflow: error: the Python module ruamel.yaml is missing (it comes with "
        "check-jsonschema: run scripts/ensure-dependencies test)",
        file=sys.stderr,
    )
    sys.exit(2)

SHELL = ["bash", "--noprofile", "--norc", "-eo", "pipefail"]
# The sanitizers' options too, so a filmsite built by scripts/sanitize keeps its suppressions
# and report folder in a step; they are unset in any other run.
PASSED_ENVIRONMENT = [
    "PATH", "HOME", "LANG", "LC_ALL", "LC_CTYPE", "TMPDIR", "TZ", "USER",
    "ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS",
]
STEP_KEYS = {
    "name", "id", "if", "uses", "with", "run", "env", "shell", "working-directory",
    "timeout-minutes", "continue-on-error",
}
JOB_KEYS = {
    "name", "needs", "if", "runs-on", "container", "permissions", "environment",
    "concurrency", "outputs", "env", "steps", "timeout-minutes", "continue-on-error",
}
STATUS_FUNCTIONS = {"success", "failure", "always", "cancelled"}
CONTEXTS = {"github", "secrets", "env", "steps", "runner", "vars", "needs"}


class HarnessError(Exception):
    """Something the harness does not understand: it stops rather than guess."""


# Expressions ------------------------------------------------------------------------------

TOKEN = re.compile(
    r"""\s*(?:
      (?P<number>0x[0-9a-fA-F]+|-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)
    | (?P<string>'(?:[^']|'')*')
    | (?P<operator>==|!=|<=|>=|&&|\|\||[!<>()\[\].,])
    | (?P<name>[A-Za-z_][A-Za-z0-9_-]*)
    )""",
    re.VERBOSE,
)


def tokenize(text):
    tokens, position = [], 0
    while position < len(text):
        if text[position:].strip() == "":
            break
        match = TOKEN.match(text, position)
        if not match:
            raise HarnessError("cannot read the expression %r at %r" % (text, text[position:]))
        kind = match.lastgroup
        tokens.append((kind, match.group(kind)))
        position = match.end()
    return tokens


class Parser:
    """GitHub's expression grammar, the forms listed in the module's docstring."""

    def __init__(self, text):
        self.text = text
        self.tokens = tokenize(text)
        self.index = 0

    def parse(self):
        node = self.disjunction()
        if self.index != len(self.tokens):
            raise HarnessError("unexpected %r in %r" % (self.tokens[self.index][1], self.text))
        return node

    def peek(self):
        return self.tokens[self.index] if self.index < len(self.tokens) else (None, None)

    def take(self, value=None):
        kind, text = self.peek()
        if kind is None or (value is not None and text != value):
            raise HarnessError("expected %r in %r" % (value or "more", self.text))
        self.index += 1
        return kind, text

    def disjunction(self):
        node = self.conjunction()
        while self.peek() == ("operator", "||"):
            self.take()
            node = ("or", node, self.conjunction())
        return node

    def conjunction(self):
        node = self.comparison()
        while self.peek() == ("operator", "&&"):
            self.take()
            node = ("and", node, self.comparison())
        return node

    def comparison(self):
        node = self.unary()
        while self.peek()[0] == "operator" and self.peek()[1] in ("==", "!=", "<", "<=", ">", ">="):
            _, operator = self.take()
            node = ("compare", operator, node, self.unary())
        return node

    def unary(self):
        if self.peek() == ("operator", "!"):
            self.take()
            return ("not", self.unary())
        return self.primary()

    def primary(self):
        kind, text = self.take()
        if kind == "number":
            return ("literal", float(int(text, 16)) if text.startswith("0x") else float(text))
        if kind == "string":
            return ("literal", text[1:-1].replace("''", "'"))
        if kind == "operator" and text == "(":
            node = self.disjunction()
            self.take(")")
            return node
        if kind != "name":
            raise HarnessError("unexpected %r in %r" % (text, self.text))
        if text in ("true", "false"):
            return ("literal", text == "true")
        if text == "null":
            return ("literal", None)
        if self.peek() == ("operator", "("):
            self.take()
            arguments = []
            while self.peek() != ("operator", ")"):
                if arguments:
                    self.take(",")
                arguments.append(self.disjunction())
            self.take(")")
            if text not in STATUS_FUNCTIONS or arguments:
                raise HarnessError("the function %s() in %r is not supported" % (text, self.text))
            return ("status", text)
        if text not in CONTEXTS:
            raise HarnessError("the context %r in %r is not supported" % (text, self.text))
        path = [text]
        while self.peek() in (("operator", "."), ("operator", "[")):
            _, operator = self.take()
            if operator == ".":
                path.append(self.take()[1])
            else:
                kind, key = self.take()
                if kind != "string":
                    raise HarnessError("only ['name'] indexes are supported in %r" % self.text)
                path.append(key[1:-1].replace("''", "'"))
                self.take("]")
        return ("property", path)


def uses_status_function(node):
    if node[0] == "status":
        return True
    return any(isinstance(part, tuple) and uses_status_function(part) for part in node[1:])


def to_number(value):
    if value is None:
        return 0.0
    if isinstance(value, bool):
        return 1.0 if value else 0.0
    if isinstance(value, float):
        return value
    if isinstance(value, str):
        text = value.strip()
        if text == "":
            return 0.0
        try:
            return float(int(text, 16)) if text.lower().startswith("0x") else float(text)
        except ValueError:
            return math.nan
    return math.nan


def truthy(value):
    if value is None or value is False or value == "":
        return False
    if isinstance(value, float):
        return value != 0 and not math.isnan(value)
    return True


def to_text(value):
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else repr(value)
    if isinstance(value, (dict, list)):
        return json.dumps(value)
    return str(value)


def compare(operator, left, right):
    if isinstance(left, str) and isinstance(right, str):
        # GitHub compares strings ignoring case.
        left, right = left.casefold(), right.casefold()
    elif type(left) is not type(right) or left is None:
        left, right = to_number(left), to_number(right)
    if operator == "==":
        return left == right
    if operator == "!=":
        return left != right
    if isinstance(left, float) and (math.isnan(left) or math.isnan(right)):
        return False
    return {"<": left < right, "<=": left <= right, ">": left > right, ">=": left >= right}[
        operator
    ]


class Scope:
    """What an expression can see while one step or job is evaluated."""

    def __init__(self, context, env, steps, known_steps, job_status, needs):
        self.context = context
        self.env = env
        self.steps = steps
        self.known_steps = known_steps
        self.job_status = job_status
        self.needs = needs

    def lookup(self, path):
        root, rest = path[0], path[1:]
        if root == "env":
            value = self.env
        elif root == "secrets":
            if len(rest) == 1:
                return self.context.get("secrets", {}).get(rest[0], "")
            value = self.context.get("secrets", {})
        elif root == "steps":
            if rest and rest[0] not in self.known_steps:
                raise HarnessError("no step of this job has the id %r" % rest[0])
            value = self.steps
        elif root == "needs":
            value = self.needs
        else:
            value = self.context.get(root, {})
            if root in ("github", "runner") and rest and rest[0] not in value:
                raise HarnessError(
                    "the context has no %s.%s: pass it in the context file" % (root, rest[0])
                )
        for key in rest:
            value = value.get(key) if isinstance(value, dict) else None
        return value

    def evaluate(self, node):
        kind = node[0]
        if kind == "literal":
            return node[1]
        if kind == "property":
            return self.lookup(node[1])
        if kind == "status":
            return {
                "success": self.job_status == "success",
                "failure": self.job_status == "failure",
                "always": True,
                "cancelled": False,
            }[node[1]]
        if kind == "not":
            return not truthy(self.evaluate(node[1]))
        if kind == "and":
            left = self.evaluate(node[1])
            return self.evaluate(node[2]) if truthy(left) else left
        if kind == "or":
            left = self.evaluate(node[1])
            return left if truthy(left) else self.evaluate(node[2])
        if kind == "compare":
            return compare(node[1], self.evaluate(node[2]), self.evaluate(node[3]))
        raise HarnessError("cannot evaluate %r" % (node,))

    def substitute(self, text):
        """`text` with every `${{ expression }}` replaced by its value."""
        if not isinstance(text, str):
            return to_text(text)
        out, position = [], 0
        while True:
            start = text.find("${{", position)
            if start < 0:
                out.append(text[position:])
                return "".join(out)
            end = text.find("}}", start)
            if end < 0:
                raise HarnessError("unclosed ${{ in %r" % text)
            out.append(text[position:start])
            out.append(to_text(self.evaluate(Parser(text[start + 3 : end]).parse())))
            position = end + 2

    def condition(self, expression):
        """Whether an `if:` holds; without a status function it means `success() && (...)`."""
        if expression is None:
            return self.job_status == "success"
        if isinstance(expression, bool):
            return expression and self.job_status == "success"
        text = str(expression).strip()
        if text.startswith("${{") and text.endswith("}}"):
            text = text[3:-2]
        node = Parser(text).parse()
        if not uses_status_function(node):
            node = ("and", ("status", "success"), node)
        return truthy(self.evaluate(node))


# Files the runner reads after a step ------------------------------------------------------


def read_assignments(path):
    """`NAME=value` and `NAME<<DELIMITER` … `DELIMITER` lines, as the runner reads them."""
    values = {}
    with open(path, encoding="utf-8") as handle:
        lines = handle.read().split("\n")
    index = 0
    while index < len(lines):
        line = lines[index]
        index += 1
        if line.strip() == "":
            continue
        heredoc = re.match(r"^([^=<]+)<<(.+)$", line)
        if heredoc and ("=" not in line or line.index("<<") < line.index("=")):
            name, delimiter = heredoc.group(1), heredoc.group(2)
            body = []
            while index < len(lines) and lines[index] != delimiter:
                body.append(lines[index])
                index += 1
            if index == len(lines):
                raise HarnessError("%s: no closing %r for %s" % (path, delimiter, name))
            index += 1
            values[name] = "\n".join(body)
        elif "=" in line:
            name, value = line.split("=", 1)
            values[name] = value
        else:
            raise HarnessError("%s: cannot read the line %r" % (path, line))
    return values


# Running ----------------------------------------------------------------------------------


def say(job_id, step_name, message):
    print("run-workflow: %s / %s: %s" % (job_id, step_name, message), flush=True)


def ordered_jobs(jobs):
    order, seen = [], set()

    def visit(job_id, stack):
        if job_id in seen:
            return
        if job_id in stack:
            raise HarnessError("the jobs' needs form a cycle through %r" % job_id)
        if job_id not in jobs:
            raise HarnessError("a job needs %r, which does not exist" % job_id)
        for need in needs_of(jobs[job_id]):
            visit(need, stack | {job_id})
        seen.add(job_id)
        order.append(job_id)

    for job_id in jobs:
        visit(job_id, set())
    return order


def needs_of(job):
    needs = job.get("needs", [])
    return [needs] if isinstance(needs, str) else list(needs)


def step_name(step, index):
    if "name" in step:
        return str(step["name"])
    if "run" in step:
        return "Run " + str(step["run"]).strip().split("\n")[0]
    if "uses" in step:
        return "Run " + str(step["uses"])
    return "step %d" % (index + 1)


def check_keys(what, mapping, allowed):
    unknown = sorted(set(mapping) - allowed)
    if unknown:
        raise HarnessError("%s has keys this harness does not run: %s" % (what, ", ".join(unknown)))


class Runner:
    def __init__(self, workflow, workdir, context, cache_hits, step_timeout):
        self.workflow = workflow
        self.workdir = os.path.abspath(workdir)
        self.context = context
        self.cache_hits = dict(cache_hits)
        self.used_cache_hits = set()
        self.step_timeout = step_timeout
        self.temp = tempfile.mkdtemp(prefix="run-workflow-")
        runner = self.context.setdefault("runner", {})
        runner.setdefault("temp", os.path.join(self.temp, "runner-temp"))
        runner.setdefault("os", "Linux")
        os.makedirs(runner["temp"], exist_ok=True)
        self.context.setdefault("github", {}).setdefault("workspace", self.workdir)
        self.context.setdefault("steps", {})
        uses_ids = {
            str(step["id"])
            for job in (workflow.get("jobs") or {}).values()
            for step in job.get("steps") or []
            if "uses" in step and "id" in step
        }
        unknown = sorted(set(self.context["steps"]) - uses_ids)
        if unknown:
            raise HarnessError(
                "the context gives outputs for %s, not the id of a uses: step" % ", ".join(unknown)
            )

    def base_environment(self):
        environment = {name: os.environ[name] for name in PASSED_ENVIRONMENT if name in os.environ}
        environment.update(
            CI="true",
            GITHUB_ACTIONS="true",
            GITHUB_WORKSPACE=self.workdir,
            RUNNER_TEMP=self.context["runner"]["temp"],
            RUNNER_OS=self.context["runner"]["os"],
        )
        for key, value in self.context["github"].items():
            if not isinstance(value, (dict, list)):
                environment["GITHUB_" + key.upper()] = to_text(value)
        return environment

    def run(self):
        jobs = self.workflow.get("jobs") or {}
        for key in ("defaults",):
            if key in self.workflow:
                raise HarnessError("the workflow's %r is not supported" % key)
        results, report = {}, []
        for job_id in ordered_jobs(jobs):
            job = jobs[job_id]
            check_keys("job %r" % job_id, job, JOB_KEYS)
            failed_needs = [need for need in needs_of(job) if results[need] != "success"]
            needs = {need: {"result": results[need], "outputs": {}} for need in needs_of(job)}
            if failed_needs:
                reason = "needs %s, which did not succeed" % ", ".join(failed_needs)
                print("run-workflow: %s: skipped: %s" % (job_id, reason), flush=True)
                results[job_id] = "skipped"
                report.append({"id": job_id, "status": "skipped", "reason": reason, "steps": []})
                continue
            scope = Scope(self.context, {}, {}, set(), "success", needs)
            if "if" in job and not scope.condition(job["if"]):
                reason = "if: %s is false" % job["if"]
                print("run-workflow: %s: skipped: %s" % (job_id, reason), flush=True)
                results[job_id] = "skipped"
                report.append({"id": job_id, "status": "skipped", "reason": reason, "steps": []})
                continue
            if "container" in job:
                print(
                    "run-workflow: %s: runs on this machine, not in its container %s"
                    % (job_id, json.dumps(job["container"])),
                    flush=True,
                )
            status, steps = self.run_job(job_id, job, needs)
            results[job_id] = status
            report.append({"id": job_id, "status": status, "reason": None, "steps": steps})
        unused = sorted(set(self.cache_hits) - self.used_cache_hits)
        if unused:
            raise HarnessError("--cache-hit names no cache restore step: %s" % ", ".join(unused))
        return report

    def run_job(self, job_id, job, needs):
        steps = job.get("steps") or []
        known = {str(step["id"]) for step in steps if "id" in step}
        env = {}
        workflow_scope = Scope(self.context, {}, {}, known, "success", needs)
        for name, value in (self.workflow.get("env") or {}).items():
            env[name] = workflow_scope.substitute(value)
        job_scope = Scope(self.context, dict(env), {}, known, "success", needs)
        for name, value in (job.get("env") or {}).items():
            env[name] = job_scope.substitute(value)
        added_paths = []
        step_results = {}
        job_status = "success"
        failed_step = None
        report = []
        for index, step in enumerate(steps):
            check_keys("step %d of job %r" % (index + 1, job_id), step, STEP_KEYS)
            scope = Scope(self.context, env, step_results, known, job_status, needs)
            name = scope.substitute(step_name(step, index))
            step_id = str(step["id"]) if "id" in step else None
            kind = "run" if "run" in step else "uses"
            entry = {"name": name, "id": step_id, "kind": kind, "exit_code": None}
            report.append(entry)
            if ("run" in step) == ("uses" in step):
                raise HarnessError("step %r needs exactly one of run: and uses:" % name)
            if not scope.condition(step.get("if")):
                if job_status != "success" and "if" not in step:
                    reason = "an earlier step (%s) failed" % failed_step
                elif job_status != "success":
                    reason = "an earlier step (%s) failed, and if: %s" % (failed_step, step["if"])
                else:
                    reason = "if: %s is false" % step["if"]
                say(job_id, name, "skipped: " + reason)
                entry.update(status="skipped", reason=reason)
                if step_id:
                    step_results[step_id] = {"outputs": {}, "outcome": "skipped",
                                             "conclusion": "skipped"}
                continue
            if kind == "uses":
                outputs = self.emulate(job_id, name, step, step_id, scope)
                entry.update(status="not-run", reason="uses: %s" % step["uses"])
                if step_id:
                    step_results[step_id] = {"outputs": outputs, "outcome": "success",
                                             "conclusion": "success"}
                continue
            step_env = dict(env)
            step_scope = Scope(self.context, dict(env), step_results, known, job_status, needs)
            for key, value in (step.get("env") or {}).items():
                step_env[key] = step_scope.substitute(value)
            code, outputs, new_env, new_paths = self.run_script(job_id, name, step, step_env,
                                                                added_paths)
            env.update(new_env)
            added_paths = new_paths + added_paths
            outcome = "success" if code == 0 else "failure"
            conclusion = outcome
            if code != 0 and step.get("continue-on-error") is True:
                conclusion = "success"
            if step_id:
                step_results[step_id] = {"outputs": outputs, "outcome": outcome,
                                         "conclusion": conclusion}
            entry.update(status=outcome, reason=None, exit_code=code)
            say(job_id, name, "exit %d" % code if code else "succeeded")
            if conclusion == "failure":
                job_status = "failure"
                failed_step = name
        return job_status, report

    def emulate(self, job_id, name, step, step_id, scope):
        uses = str(step["uses"])
        inputs = {key: scope.substitute(value) for key, value in (step.get("with") or {}).items()}
        given = self.context["steps"].get(step_id, {}).get("outputs", {}) if step_id else {}
        outputs = {key: to_text(value) for key, value in given.items()}
        action = uses.split("@")[0]
        if action in ("actions/cache", "actions/cache/restore"):
            if step_id in self.cache_hits:
                self.used_cache_hits.add(step_id)
                paths = [line for line in inputs.get("path", "").split("\n") if line.strip()]
                if len(paths) != 1:
                    raise HarnessError("--cache-hit needs one path in step %r" % name)
                target = os.path.join(self.workdir, os.path.expanduser(paths[0]))
                os.makedirs(os.path.dirname(target), exist_ok=True)
                shutil.copy2(self.cache_hits[step_id], target)
                outputs.update({"cache-hit": "true", "cache-primary-key": inputs.get("key", ""),
                                "cache-matched-key": inputs.get("key", "")})
                say(job_id, name, "not run (%s): emulated a cache hit, %s restored to %s"
                    % (uses, self.cache_hits[step_id], paths[0]))
                return outputs
            outputs.setdefault("cache-hit", "false")
            outputs.setdefault("cache-primary-key", inputs.get("key", ""))
            say(job_id, name, "not run (%s): emulated a cache miss" % uses)
            return outputs
        described = ", ".join("%s=%s" % item for item in sorted(outputs.items())) or "none"
        say(job_id, name, "not run (%s); outputs: %s" % (uses, described))
        return outputs

    def run_script(self, job_id, name, step, env, added_paths):
        script = str(step["run"])
        if "${{" in script:
            raise HarnessError(
                "step %r has ${{ }} in its run: script; pass the value through env:" % name
            )
        shell = step.get("shell", "bash")
        if shell != "bash":
            raise HarnessError("step %r uses the shell %r; only bash is supported" % (name, shell))
        folder = tempfile.mkdtemp(prefix="step-", dir=self.temp)
        files = {key: os.path.join(folder, key.lower()) for key in ("GITHUB_ENV", "GITHUB_PATH",
                                                                    "GITHUB_OUTPUT",
                                                                    "GITHUB_STEP_SUMMARY")}
        for path in files.values():
            open(path, "w").close()
        script_path = os.path.join(folder, "script.sh")
        with open(script_path, "w", encoding="utf-8") as handle:
            handle.write(script)
        environment = self.base_environment()
        environment.update(env)
        environment.update(files)
        environment["PATH"] = os.pathsep.join(added_paths + [environment.get("PATH", "")])
        directory = self.workdir
        if "working-directory" in step:
            directory = os.path.join(self.workdir, str(step["working-directory"]))
        say(job_id, name, "running")
        process = subprocess.Popen(SHELL + [script_path], cwd=directory, env=environment,
                                   start_new_session=True)
        try:
            code = process.wait(timeout=self.step_timeout)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
            say(job_id, name, "timed out after %s s" % self.step_timeout)
            code = 124
        outputs = read_assignments(files["GITHUB_OUTPUT"])
        new_env = read_assignments(files["GITHUB_ENV"])
        new_paths = []
        with open(files["GITHUB_PATH"], encoding="utf-8") as handle:
            for line in handle.read().split("\n"):
                if line.strip():
                    # Each line goes in front, so the last one written comes first.
                    new_paths.insert(0, line.strip())
        return code, outputs, new_env, new_paths


def syntax_check(workflow):
    failures = 0
    for job_id, job in (workflow.get("jobs") or {}).items():
        for index, step in enumerate(job.get("steps") or []):
            if "run" not in step:
                continue
            name = step_name(step, index)
            script = str(step["run"])
            if "${{" in script:
                print("run-workflow: %s / %s: ${{ }} in a run: script" % (job_id, name))
                failures += 1
                continue
            result = subprocess.run(["bash", "-n"], input=script, text=True,
                                    capture_output=True)
            verdict = "bash -n passed" if result.returncode == 0 else "bash -n failed: " + (
                result.stderr.strip())
            print("run-workflow: %s / %s: %s" % (job_id, name, verdict), flush=True)
            failures += result.returncode != 0
    return 1 if failures else 0


def main():
    parser = argparse.ArgumentParser(description="Runs a workflow's run: steps locally.")
    parser.add_argument("workflow")
    parser.add_argument("--workdir")
    parser.add_argument("--context")
    parser.add_argument("--cache-hit", action="append", default=[], metavar="STEP=FILE")
    parser.add_argument("--report")
    parser.add_argument("--step-timeout", type=float, default=600)
    parser.add_argument("--syntax-check", action="store_true")
    arguments = parser.parse_args()
    try:
        with open(arguments.workflow, encoding="utf-8") as handle:
            workflow = YAML(typ="safe", pure=True).load(handle)
        if not isinstance(workflow, dict):
            raise HarnessError("%s is not a YAML mapping" % arguments.workflow)
        if arguments.syntax_check:
            return syntax_check(workflow)
        if not arguments.workdir:
            parser.error("--workdir is required to run the workflow")
        context = {}
        if arguments.context:
            with open(arguments.context, encoding="utf-8") as handle:
                context = json.load(handle)
        cache_hits = {}
        for item in arguments.cache_hit:
            step_id, separator, path = item.partition("=")
            if not separator or not os.path.isfile(path):
                raise HarnessError(
                    "--cache-hit %r: expected STEP=FILE with an existing file" % item
                )
            cache_hits[step_id] = os.path.abspath(path)
        runner = Runner(workflow, arguments.workdir, context, cache_hits, arguments.step_timeout)
        try:
            report = runner.run()
        finally:
            shutil.rmtree(runner.temp, ignore_errors=True)
    except HarnessError as error:
        print("run-workflow: error: %s" % error, file=sys.stderr, flush=True)
        return 2
    if arguments.report:
        with open(arguments.report, "w", encoding="utf-8") as handle:
            json.dump({"jobs": report}, handle, indent=2)
    return 0 if all(job["status"] != "failure" for job in report) else 1


if __name__ == "__main__":
    sys.exit(main())
