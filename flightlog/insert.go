package flightlog

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
	"slices"
	"strings"
)

// insertRows is how many rows one INSERT statement carries: the driver's cost is per
// statement more than per value (docs/decisions.md, the flight log).
const insertRows = 64

// insertSQL is the insert of n rows (the id numbered by the file; withID: given, salvage).
func insertSQL(n int, withID bool) string {
	cs, verb := insertColumns, "INSERT INTO"
	if withID {
		cs, verb = allColumns, "INSERT OR IGNORE INTO" // a row read back twice is kept once
	}
	one := "(" + strings.TrimSuffix(strings.Repeat("?,", len(cs)), ",") + ")"
	return verb + " flights (" + names(cs) + ") VALUES " + strings.TrimSuffix(strings.Repeat(one+",", n), ",")
}

// The driver's connection, as the writer uses it: its statements prepared once and kept, the
// values bound without database/sql's conversions (each row's values are int64, string or nil).
type driverConn interface {
	driver.ConnPrepareContext
	driver.ExecerContext
}

// inserter is the writer's prepared inserts (of insertRows rows, and of one), on the
// connection they were prepared on.
type inserter struct {
	conn      any
	full, one driver.Stmt
	forget    driver.Stmt // the summaries of the days a batch writes into
	forgetTo  driver.Stmt // and their reach (coverage.go)
	args      []driver.NamedValue
	order     []int // a batch's rows in first_seen order
	last      int64 // the id of the last row inserted
}

// prepare makes the statements on c (again when the connection is another one).
func (l *Log) inserterOn(ctx context.Context, c driverConn) (*inserter, error) {
	if l.ins != nil && l.ins.conn == c {
		return l.ins, nil
	}
	// Another connection: the one the statements were prepared on was closed (one connection
	// is open at a time), and they with it.
	ins := &inserter{conn: c, args: make([]driver.NamedValue, 0, insertRows*len(insertColumns))}
	var err error
	if ins.full, err = c.PrepareContext(ctx, insertSQL(insertRows, false)); err == nil {
		if ins.one, err = c.PrepareContext(ctx, insertSQL(1, false)); err == nil {
			ins.forget, err = c.PrepareContext(ctx, "DELETE FROM day_stats WHERE end_ms > ? AND start_ms <= ?")
		}
		if err == nil {
			ins.forgetTo, err = c.PrepareContext(ctx, "DELETE FROM reach_days WHERE end_ms > ? AND start_ms <= ?")
		}
	}
	if err != nil {
		ins.closeStmts()
		return nil, err
	}
	l.ins = ins
	return ins, nil
}

func (ins *inserter) closeStmts() {
	if ins == nil {
		return
	}
	for _, s := range []driver.Stmt{ins.full, ins.one, ins.forget, ins.forgetTo} {
		if s != nil {
			_ = s.Close()
		}
	}
	ins.full, ins.one, ins.forget, ins.forgetTo = nil, nil, nil, nil
}

// close closes the statements on their connection, when it is still the open one.
func (ins *inserter) close(db *sql.DB) {
	if ins == nil || db == nil {
		return
	}
	if conn, err := db.Conn(context.Background()); err == nil {
		_ = conn.Raw(func(dc any) error {
			if dc == ins.conn {
				ins.closeStmts()
			}
			return nil
		})
		_ = conn.Close()
	}
}

// bind appends a row's values.
func (ins *inserter) bind(r *Row) {
	for _, c := range insertColumns {
		ins.args = append(ins.args, driver.NamedValue{Ordinal: len(ins.args) + 1, Value: c.put(r)})
	}
}

func execStmt(ctx context.Context, s driver.Stmt, args []driver.NamedValue) error {
	_, err := s.(driver.StmtExecContext).ExecContext(ctx, args)
	return err
}

// insertStmt runs an insert and keeps the id of the last row it wrote.
func (ins *inserter) insertStmt(ctx context.Context, s driver.Stmt, args []driver.NamedValue) error {
	res, err := s.(driver.StmtExecContext).ExecContext(ctx, args)
	if err != nil {
		return err
	}
	if id, err := res.LastInsertId(); err == nil {
		ins.last = max(ins.last, id)
	}
	return nil
}

// Insert writes rows in one transaction, and forgets the summaries of the days they fall in.
func (l *Log) Insert(ctx context.Context, rows []Row) error {
	if len(rows) == 0 {
		return nil
	}
	if l.db == nil {
		return fmt.Errorf("flight log %s: %w", l.path, errClosed)
	}
	conn, err := l.db.Conn(ctx)
	if err != nil {
		return fmt.Errorf("flight log %s: %w", l.path, err)
	}
	defer func() { _ = conn.Close() }()
	err = conn.Raw(func(dc any) error {
		c, ok := dc.(driverConn)
		if !ok {
			return fmt.Errorf("the SQLite driver's connection cannot prepare")
		}
		ins, err := l.inserterOn(ctx, c)
		if err != nil {
			return err
		}
		if _, err := c.ExecContext(ctx, "BEGIN IMMEDIATE", nil); err != nil {
			return err
		}
		if err := ins.write(ctx, rows); err != nil {
			_, _ = c.ExecContext(ctx, "ROLLBACK", nil)
			return err
		}
		if _, err = c.ExecContext(ctx, "COMMIT", nil); err == nil {
			l.lastID = max(l.lastID, ins.last) // written: never given again, whatever becomes of the file
		}
		return err
	})
	if err != nil {
		return fmt.Errorf("flight log %s: %w", l.path, err)
	}
	return nil
}

// write inserts rows insertRows at a time, then one at a time, in first_seen order (the
// index's entries then go in together: a fifth faster than in the order flights ended, as
// replay's come; docs/decisions.md), and forgets the summaries of the days between the
// earliest and the latest first_seen.
func (ins *inserter) write(ctx context.Context, rows []Row) error {
	ins.order = ins.order[:0]
	for i := range rows {
		ins.order = append(ins.order, i)
	}
	slices.SortStableFunc(ins.order, func(a, b int) int { return rows[a].FirstSeen.Compare(rows[b].FirstSeen) })
	first, last := rows[ins.order[0]].FirstSeen, rows[ins.order[len(rows)-1]].FirstSeen
	for todo := ins.order; len(todo) > 0; {
		n, st := insertRows, ins.full
		if len(todo) < insertRows {
			n, st = 1, ins.one
		}
		ins.args = ins.args[:0]
		for _, i := range todo[:n] {
			ins.bind(&rows[i])
		}
		if err := ins.insertStmt(ctx, st, ins.args); err != nil {
			return err
		}
		todo = todo[n:]
	}
	span := []driver.NamedValue{{Ordinal: 1, Value: first.UnixMilli()}, {Ordinal: 2, Value: last.UnixMilli()}}
	if err := execStmt(ctx, ins.forget, span); err != nil {
		return err
	}
	return execStmt(ctx, ins.forgetTo, span)
}

// insertKept writes salvaged rows with their ids (a damaged file's readable rows).
func (l *Log) insertKept(ctx context.Context, rows []Row) error {
	tx, err := l.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	st, err := tx.PrepareContext(ctx, insertSQL(1, true))
	if err != nil {
		_ = tx.Rollback()
		return err
	}
	args := make([]any, len(allColumns))
	for i := range rows {
		args[0] = rows[i].ID
		for j, c := range insertColumns {
			args[j+1] = c.put(&rows[i])
		}
		if _, err := st.ExecContext(ctx, args...); err != nil {
			_ = tx.Rollback()
			return err
		}
	}
	_ = st.Close()
	return tx.Commit()
}
