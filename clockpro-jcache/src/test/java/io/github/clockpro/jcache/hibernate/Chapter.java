package io.github.clockpro.jcache.hibernate;

import jakarta.persistence.Cacheable;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.ManyToOne;
import org.hibernate.annotations.Cache;
import org.hibernate.annotations.CacheConcurrencyStrategy;

/** A cached entity in {@link Book}'s cached collection. */
@Entity
@Cacheable
@Cache(usage = CacheConcurrencyStrategy.READ_WRITE, region = "chapters")
public class Chapter {

  @Id
  private Long id;

  private String name;

  @ManyToOne
  private Book book;

  protected Chapter() {}

  public Chapter(Long id, String name, Book book) {
    this.id = id;
    this.name = name;
    this.book = book;
  }

  public String getName() {
    return name;
  }
}
