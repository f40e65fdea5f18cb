#!/usr/bin/env python3
"""The cost floor of storing a layout: Python's sqlite3 inserting as many rows as a
layoutdb project holds, in one transaction, into a fresh file.

    python3 Benchmarks/sqlite_floor.py PROJECT.layoutdb SCRATCH.sqlite [--repeat R]

Reads the counts from PROJECT (read-only): views, constraints, terms (every
coefficient x view.attribute of every constraint, the inline lhs/rhs terms plus the
`constraint_terms` rows) and frames. Then, R times, replaces SCRATCH and inserts, with
`executemany` in one transaction under WAL and `synchronous = NORMAL` (as layoutdb
opens its files):
  views(id, name, parent_id, ordinal)                           one row per view
  constraints(id, label, relation, constant, priority, source)  one row per constraint
  terms(constraint_id, position, view_id, attribute, coefficient) one row per term
  frames(view_id, x, y, width, height)                          one row per frame
Primary keys only, no secondary indexes, no triggers. Timed: connect, create the
tables, insert, commit (not the interpreter's start).

Two more floors, for the edits and the reads: `--changed K` reopens the scratch file and
times updating K frame rows in one transaction (what an edit that moves K views must
write at least), and the reading floor is a new connection to PROJECT running
`SELECT * FROM solved_frames WHERE variant = 'base'` and fetching every row (what
`layoutdb frames` must read at least). Prints JSON with the counts and the median
seconds (`insert_s`, `update_s`, `query_s`).
"""
import json
import os
import sqlite3
import sys
import time


def counts(project):
    db = sqlite3.connect(f"file:{project}?mode=ro", uri=True)
    one = lambda sql: db.execute(sql).fetchone()[0]
    c = {
        "views": one("SELECT count(*) FROM views"),
        "constraints": one("SELECT count(*) FROM constraints"),
        "terms": one("SELECT count(lhs_view_id) + count(rhs_view_id) FROM constraints")
        + one("SELECT count(*) FROM constraint_terms"),
        "frames": one("SELECT count(*) FROM frames"),
    }
    db.close()
    return c


def remove(path):
    for suffix in ("", "-wal", "-shm"):
        try:
            os.remove(path + suffix)
        except FileNotFoundError:
            pass


def insert(path, c):
    remove(path)
    t0 = time.perf_counter()
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode = WAL")
    db.execute("PRAGMA synchronous = NORMAL")
    db.execute("BEGIN")
    db.execute("CREATE TABLE views (id INTEGER PRIMARY KEY, name TEXT NOT NULL, parent_id INTEGER, ordinal INTEGER NOT NULL)")
    db.execute("CREATE TABLE constraints (id INTEGER PRIMARY KEY, label TEXT, relation TEXT NOT NULL, constant REAL NOT NULL, priority REAL NOT NULL, source TEXT NOT NULL)")
    db.execute("CREATE TABLE terms (constraint_id INTEGER NOT NULL, position INTEGER NOT NULL, view_id INTEGER NOT NULL, attribute TEXT NOT NULL, coefficient REAL NOT NULL, PRIMARY KEY (constraint_id, position)) WITHOUT ROWID")
    db.execute("CREATE TABLE frames (view_id INTEGER PRIMARY KEY, x REAL NOT NULL, y REAL NOT NULL, width REAL NOT NULL, height REAL NOT NULL)")
    nv, nc, nt, nf = c["views"], c["constraints"], c["terms"], c["frames"]
    db.executemany("INSERT INTO views VALUES (?, ?, ?, ?)",
                   ((i, f"v{i}", (i - 1) // 4 if i else None, i) for i in range(nv)))
    db.executemany("INSERT INTO constraints VALUES (?, ?, ?, ?, ?, ?)",
                   ((i, None, "==", 8.0, 1000.0, f"v{i % nv}.top == v{(i + 1) % nv}.bottom + 8") for i in range(nc)))
    per = max(1, -(-nt // max(nc, 1)))
    db.executemany("INSERT INTO terms VALUES (?, ?, ?, ?, ?)",
                   ((i // per, i % per, i % max(nv, 1), "top", 1.0) for i in range(nt)))
    db.executemany("INSERT INTO frames VALUES (?, ?, ?, ?, ?)",
                   ((i, 16.0, 8.0 * i, 343.0, 44.0) for i in range(nf)))
    db.execute("COMMIT")
    db.close()
    return time.perf_counter() - t0


def update(path, k):
    t0 = time.perf_counter()
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA synchronous = NORMAL")
    db.execute("BEGIN")
    db.executemany("UPDATE frames SET y = y + 1 WHERE view_id = ?", ((i,) for i in range(k)))
    db.execute("COMMIT")
    db.close()
    return time.perf_counter() - t0


def query(project):
    t0 = time.perf_counter()
    db = sqlite3.connect(f"file:{project}?mode=ro", uri=True)
    rows = db.execute("SELECT * FROM solved_frames WHERE variant = 'base'").fetchall()
    db.close()
    return time.perf_counter() - t0, len(rows)


def main():
    args = sys.argv[1:]
    if len(args) < 2:
        sys.exit(__doc__)
    repeat = int(args[args.index("--repeat") + 1]) if "--repeat" in args else 3
    changed = int(args[args.index("--changed") + 1]) if "--changed" in args else 0
    c = counts(args[0])
    median = lambda xs: sorted(xs)[len(xs) // 2]
    inserts, updates, queries = [], [], []
    for _ in range(repeat):
        inserts.append(insert(args[1], c))
        updates.append(update(args[1], min(changed, c["frames"])))
        seconds, c["query_rows"] = query(args[0])
        queries.append(seconds)
    remove(args[1])
    print(json.dumps({**c, "insert_s": median(inserts), "update_s": median(updates), "query_s": median(queries)}))


if __name__ == "__main__":
    main()
