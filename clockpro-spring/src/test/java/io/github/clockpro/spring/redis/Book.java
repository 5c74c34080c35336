package io.github.clockpro.spring.redis;

import java.io.Serializable;

/** A cached value of an allowed class. */
public record Book(long isbn, String title) implements Serializable {}
