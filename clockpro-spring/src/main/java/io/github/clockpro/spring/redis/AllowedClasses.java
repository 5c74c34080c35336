package io.github.clockpro.spring.redis;

import java.io.ObjectInputFilter;
import java.util.List;
import tools.jackson.databind.jsontype.BasicPolymorphicTypeValidator;
import tools.jackson.databind.jsontype.PolymorphicTypeValidator;

/**
 * The classes whose instances a serializer may create from what it reads from Redis: the application's patterns,
 * each a class name, a package ({@code com.example.*}) or a package and its subpackages ({@code com.example.**}),
 * plus the JDK's value types and Spring's {@code NullValue}. Whoever can write to Redis must not be able to make
 * the application instantiate anything else.
 */
final class AllowedClasses {

  /** What every cached value may use: the JDK's own types and Spring's null marker. */
  private static final List<String> ALWAYS = List.of("java.lang.*", "java.util.*", "java.time.*",
      "java.math.*", "org.springframework.cache.support.NullValue");

  private final List<String> patterns;

  AllowedClasses(List<String> patterns) {
    for (String pattern : patterns) {
      if (pattern == null || pattern.isBlank() || pattern.contains(";") || pattern.startsWith("!")) {
        throw new IllegalArgumentException("allowedClasses: '" + pattern + "' is not a class name, a package.*"
            + " or a package.**");
      }
    }
    this.patterns = List.copyOf(patterns);
  }

  /** Whether {@code className} is allowed. */
  boolean allows(String className) {
    return matchesAny(ALWAYS, className) || matchesAny(patterns, className);
  }

  private static boolean matchesAny(List<String> patterns, String className) {
    for (String pattern : patterns) {
      if (pattern.endsWith(".**")) {
        if (className.startsWith(pattern.substring(0, pattern.length() - 2))) {
          return true;
        }
      } else if (pattern.endsWith(".*")) {
        String packageName = pattern.substring(0, pattern.length() - 2);
        int lastDot = className.lastIndexOf('.');
        if (lastDot >= 0 && className.substring(0, lastDot).equals(packageName)) {
          return true;
        }
      } else if (className.equals(pattern)) {
        return true;
      }
    }
    return false;
  }

  /** A filter for Java deserialization that rejects every class not allowed, and arrays of them. */
  ObjectInputFilter objectInputFilter() {
    return info -> {
      Class<?> type = info.serialClass();
      if (type == null) {
        return ObjectInputFilter.Status.UNDECIDED;
      }
      while (type.isArray()) {
        type = type.getComponentType();
      }
      if (type.isPrimitive() || allows(type.getName())) {
        return ObjectInputFilter.Status.ALLOWED;
      }
      return ObjectInputFilter.Status.REJECTED;
    };
  }

  /** A Jackson validator that lets type ids name only allowed classes. */
  PolymorphicTypeValidator typeValidator() {
    return BasicPolymorphicTypeValidator.builder()
        .allowIfSubType((context, type) -> allows(type.getName()))
        .allowIfSubTypeIsArray()
        .build();
  }
}
