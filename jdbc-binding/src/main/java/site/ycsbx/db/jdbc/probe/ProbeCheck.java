package site.ycsbx.db.jdbc.probe;

import java.sql.SQLException;
import java.util.Optional;
import site.ycsbx.db.jdbc.conn.JdbcStoreCheck;
import site.ycsbx.db.jdbc.conn.Tables;
import site.ycsbx.store.StoreDemand;
import site.ycsbx.store.probe.ProbeStore;

/**
 * The probe's part of the preflight: an existing probe table must have the engine
 * {@code jdbc.engine} asks for, or the run would be labelled with the wrong one.
 */
public final class ProbeCheck implements JdbcStoreCheck {
  @Override
  public Report check(Server s, StoreDemand demand) throws SQLException {
    Optional<String> existing = s.dialect().tableEngine(s.connection(), ProbeStore.TABLE);
    if (existing.isPresent() && s.engine() != null && !existing.get().equalsIgnoreCase(s.engine())) {
      throw s.refusal(Tables.mismatch(ProbeStore.TABLE, existing.get(), s.engine()));
    }
    return new Report(existing, ProbeStore.TABLE + " in " + s.location(), Optional.empty());
  }
}
