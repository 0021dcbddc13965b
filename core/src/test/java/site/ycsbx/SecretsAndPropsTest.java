package site.ycsbx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Properties;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.util.Props;
import site.ycsbx.util.Secrets;
import site.ycsbx.util.UserError;

@Tag("fast")
class SecretsAndPropsTest {
  @Test
  void urlPasswordsAreMasked() {
    assertEquals("mongodb://u:*****@h:1/db?w=1", Secrets.maskUrl("mongodb://u:p%40ss@h:1/db?w=1"));
    assertEquals("jdbc:mysql://h/db?user=u&password=*****&x=1", Secrets.maskUrl("jdbc:mysql://h/db?user=u&password=pw&x=1"));
    assertEquals("jdbc:mysql://h:3306/db", Secrets.maskUrl("jdbc:mysql://h:3306/db"));
    assertEquals("*****", Secrets.mask("db.passwd", "pw"));
  }

  @Test
  void heldSecretIsResolvedFromItsMask() {
    Secrets.hold("x.passwd", "real");
    Properties p = new Properties();
    p.setProperty("x.passwd", Secrets.MASK);
    assertEquals("real", Secrets.resolve(p, "x.passwd", null));
    p.setProperty("x.passwd", "other");
    assertEquals("other", Secrets.resolve(p, "x.passwd", null));
  }

  @Test
  void badNumbersNameThePropertyAndRange() {
    Properties p = new Properties();
    p.setProperty("mongodb.batchsize", "0");
    UserError e = assertThrows(UserError.class, () -> Props.getInt(p, "mongodb.batchsize", 1, 1, 100_000));
    assertEquals("mongodb.batchsize=0 is out of range; mongodb.batchsize accepts a whole number from 1 to 100000", e.getMessage());
    p.setProperty("flag", "yes");
    assertThrows(UserError.class, () -> Props.getBoolean(p, "flag", false));
  }
}
