package site.ycsbx.store;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declared on a binding's {@code site.ycsb.DB} class: the store interfaces it offers and the
 * check that validates its options and inspects the server before any thread starts.
 * Read without instantiating the binding, so a workload can refuse a binding in
 * {@code Workload.init()}.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Provides {
  /** Store interfaces this binding registers for each client thread in {@code init()}. */
  Class<?>[] stores() default {};

  /** Option validation and server inspection run once per JVM before the Client starts. */
  Class<? extends Preflight> preflight() default Preflight.None.class;
}
