package site.ycsbx.testing;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.ArchConfiguration;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import java.util.Set;

/**
 * The layer rules every module's {@code LayersTest} applies to its own main classes: no package
 * cycle, and no loop of files inside one package (a package whose files all reach each other
 * cannot be split or read from the bottom up).
 */
public final class Layers {
  private Layers() {
  }

  /**
   * The main classes of the jar or folder that holds {@code anchor}, nothing resolved beyond them:
   * the rules are about site.ycsbx's own classes, and the import stays a second or two.
   */
  public static JavaClasses mainClassesOf(Class<?> anchor) {
    ArchConfiguration.get().setResolveMissingDependenciesFromClassPath(false);
    return new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importLocations(Set.of(Location.of(anchor.getProtectionDomain().getCodeSource().getLocation())));
  }

  /** Fails naming the cycle when two packages of site.ycsbx reach each other, directly or not. */
  public static void noPackageCycle(JavaClasses classes) {
    slices().matching("site.ycsbx.(**)").should().beFreeOfCycles().check(classes);
  }

  /**
   * Fails naming the loop when files of {@code pkg} (its own, not its subpackages') reach each
   * other in a cycle; a nested class counts as its file.
   */
  public static void noFileLoop(JavaClasses classes, String pkg) {
    slices().assignedFrom(filesOf(pkg)).should().beFreeOfCycles().check(classes);
  }

  private static SliceAssignment filesOf(String pkg) {
    return new SliceAssignment() {
      @Override
      public SliceIdentifier getIdentifierOf(JavaClass c) {
        if (!c.getPackageName().equals(pkg)) {
          return SliceIdentifier.ignore();
        }
        String name = c.getName().substring(pkg.length() + 1);
        int nested = name.indexOf('$');
        return SliceIdentifier.of(nested < 0 ? name : name.substring(0, nested));
      }

      @Override
      public String getDescription() {
        return "files of " + pkg;
      }
    };
  }
}
