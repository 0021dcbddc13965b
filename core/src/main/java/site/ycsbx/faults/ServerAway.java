package site.ycsbx.faults;

import site.ycsbx.util.UserError;

/**
 * The server could not be reached at all (connection refused or reset, no answer within the
 * handshake's limit), as opposed to one that answered and refused (a login, an unknown database):
 * at a run's start this is what an outage looks like, which {@link StartWait} may wait out.
 */
public class ServerAway extends UserError {
  public ServerAway(String message) {
    super(message, TARGET_UNUSABLE);
  }
}
