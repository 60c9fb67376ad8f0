#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""
Checks what a workload printed against the tables of docs/sweep.md
("Workload output"): "# name name ..." header lines, then rows of as many
numbers or words, and nothing else. Called by tests/workloads/run, one python3
run per file (python3 can be slow to start):

    check_workload_tables.py file FILE NAME EXPR [NAME EXPR ...]
        FILE must hold the tables of docs/sweep.md and nothing else, and each
        EXPR (python) must be true, with col(C) the values of column C (of the
        one table that has it), one(C) its only value, columns(C) the column
        names of the table whose first column is C, tables all of them.
    check_workload_tables.py cases WANT DESC TEXT [WANT DESC TEXT ...]
        the parser must find TEXT ("\\n" for newlines) good or bad (WANT).

Prints an "ok   NAME" or a "FAIL NAME: why" line per check.
"""
import math
import re
import sys

NAME = re.compile(r'[a-z][a-z0-9_.]*\Z')
NUMBER = re.compile(r'-?[0-9]+(\.[0-9]+)?\Z')
NOT_WORDS = ('inf', '+inf', '-inf', 'infinity', 'nan', '+nan', '-nan')


def parse(text):
    tables, table, header = [], None, None
    for n, line in enumerate(text.splitlines(), 1):
        if line.startswith('#'):
            table = None
            names = line[1:].split()
            header = None
            if line.startswith('# ') and names and all(NAME.match(x) for x in names):
                header = names
            continue
        if not line.strip():
            table = header = None
            continue
        fields = line.split()
        if table is None:
            if header is None:
                raise ValueError('line %d: a row without a header: %r' % (n, line))
            if len(set(header)) != len(header):
                raise ValueError('line %d: a column name repeats: %r' % (n - 1, header))
            table = {'columns': header, 'rows': []}
            tables.append(table)
            header = None
        if len(fields) != len(table['columns']):
            raise ValueError('line %d: %d fields under %d columns: %r'
                             % (n, len(fields), len(table['columns']), line))
        row = []
        for f in fields:
            if f.lower() in NOT_WORDS:
                raise ValueError('line %d: %r is neither a number nor a word' % (n, f))
            row.append(float(f) if NUMBER.match(f) else f)
        table['rows'].append(row)
    firsts = [t['columns'][0] for t in tables]
    if len(set(firsts)) != len(firsts):
        raise ValueError('two tables start with the same column: %r' % firsts)
    return tables


def report(ok, name, why=''):
    # One line each: the expressions run over several lines.
    why = ' '.join(str(why).split())
    print('ok   %s' % name if ok else 'FAIL %s: %s' % (name, why))


def check_file(path, checks):
    what = path.split('/')[-1]
    try:
        tables = parse(open(path).read())
    except ValueError as e:
        report(False, what + ': docs/sweep.md tables', e)
        for name in checks[0::2]:
            report(False, name, 'no tables to check')
        return

    def table(name):
        having = [t for t in tables if name in t['columns']]
        if len(having) != 1:
            raise KeyError('%d tables have a column %r' % (len(having), name))
        return having[0]

    def col(name):
        t = table(name)
        i = t['columns'].index(name)
        return [r[i] for r in t['rows']]

    def one(name):
        values = col(name)
        if len(values) != 1:
            raise KeyError('column %r has %d rows, not 1' % (name, len(values)))
        return values[0]

    def columns(first):
        having = [t for t in tables if t['columns'][0] == first]
        return ' '.join(having[0]['columns']) if having else None

    env = {'tables': tables, 'col': col, 'one': one, 'columns': columns,
           'math': math}
    report(True, what + ': docs/sweep.md tables')
    for name, expr in zip(checks[0::2], checks[1::2]):
        try:
            # In parentheses: the expressions run over several lines.
            report(eval('(' + expr + ')', env), name, 'false: ' + expr)
        except (KeyError, IndexError, NameError, SyntaxError, TypeError,
                ValueError, ZeroDivisionError) as e:
            report(False, name, '%s: %s' % (expr, e))


def check_cases(cases):
    for want, desc, text in zip(cases[0::3], cases[1::3], cases[2::3]):
        try:
            parse(text.replace('\\n', '\n'))
            got, why = 'good', ''
        except ValueError as e:
            got, why = 'bad', str(e)
        report(got == want, 'checker: %s is %s' % (desc, want),
               'it is %s %s' % (got, why))


if sys.argv[1] == 'file':
    check_file(sys.argv[2], sys.argv[3:])
else:
    check_cases(sys.argv[2:])
