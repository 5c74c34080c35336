package io.github.clockpro.spring.boot;

import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * Matches when {@code spring.cache.type} is not set: an application that sets it chose one of Spring Boot's own
 * cache providers (or {@code none}), and the clockpro auto-configuration then backs off.
 */
final class SpringCacheTypeUnsetCondition extends SpringBootCondition {

  static final String PROPERTY = "spring.cache.type";

  @Override
  public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
    String type = context.getEnvironment().getProperty(PROPERTY);
    if (type == null) {
      return ConditionOutcome.match(PROPERTY + " is not set");
    }
    return ConditionOutcome.noMatch(PROPERTY + " is set to '" + type + "', one of Spring Boot's own providers");
  }
}
