package site.ycsbx.store;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declared on a binding's {@code site.ycsb.DB} class: the catalog of the workload families it
 * serves and the check that validates its options and inspects the server before any thread
 * starts. Read without instantiating the binding, so a workload can refuse a binding in
 * {@code Workload.init()}.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@SuppressWarnings("rawtypes")
public @interface Provides {
  /** The families (store interfaces) this binding registers for each client thread in {@code init()}. */
  Class<? extends StoreCatalog> stores();

  /** Option validation and server inspection run once per JVM before the Client starts. */
  Class<? extends Preflight> preflight() default Preflight.None.class;
}
