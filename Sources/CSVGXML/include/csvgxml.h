#ifndef CSVGXML_H
#define CSVGXML_H
/* A read-only walk over a libxml2 document, with opaque pointers only (see CLibXML2/shim.h). */

enum { LK_XML_ELEMENT = 1, LK_XML_TEXT = 3, LK_XML_CDATA = 4, LK_XML_ENTITY_REF = 5 };

/* Parses without network access, DTD loading or entity substitution; NULL on failure with the
   error's line, column and message. */
void *lk_xml_parse(const char *bytes, int length, int *line, int *column, char *message, int messageLength);
void lk_xml_free(void *doc);
void *lk_xml_root(void *doc);
void *lk_xml_first_child(void *node);
void *lk_xml_next(void *node);
int lk_xml_type(void *node);
const char *lk_xml_name(void *node);
/* The namespace URI of an element or attribute, or NULL. */
const char *lk_xml_namespace(void *node);
int lk_xml_line(void *node);
void *lk_xml_first_attribute(void *node);
/* Text of a text or CDATA node. */
const char *lk_xml_content(void *node);
/* Replacement text of the entity an entity-reference node names, as declared (not expanded). */
const char *lk_xml_entity_text(void *node);
#endif
