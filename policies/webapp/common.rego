# Common rules of the document application: who is asking, and what the directory says they hold.
# Ownership and shares are relations in the directory (see manifest.yaml): `owner`, `writer` (write
# share), `reader` (read share, or the wildcard `user:*` while a document is public). The manifest
# turns them into the permissions can_read, can_write, can_delete and can_share.
package webapp.common

import rego.v1

# The caller's subject: `value` in Gatehouse's input (the specification's name), `identity` in
# Topaz's (its identity context as Topaz passes it to policies). Read the subject only through
# this rule, so that the policies decide alike under the embedded engine and under Topaz.
subject_id := input.identity.value if is_string(input.identity.value)

# (`not input.identity.value`, not `not is_string(…)`: OPA evaluates a call on an undefined
# reference as undefined even under `not`.)
subject_id := input.identity.identity if {
	not input.identity.value
	is_string(input.identity.identity)
}

# The caller's identity type. Topaz (0.33.16) leaves `input.identity` out altogether for
# IDENTITY_TYPE_NONE, the embedded engine sends {"type": "IDENTITY_TYPE_NONE"}: both are anonymous.
default identity_type := "IDENTITY_TYPE_NONE"

identity_type := input.identity.type

# A signed-in user: the application found a session and sent its subject.
signed_in if {
	identity_type == "IDENTITY_TYPE_SUB"
	subject_id != ""
}

# A request without a user.
anonymous if identity_type == "IDENTITY_TYPE_NONE"

# The signed-in user holds `permission` on the object.
holds(object_type, object_id, permission) if {
	signed_in
	ds.check({
		"object_type": object_type,
		"object_id": object_id,
		"relation": permission,
		"subject_type": "user",
		"subject_id": subject_id,
	})
}

# Anyone, signed in or not, may read a public document: one whose readers include every user (the
# wildcard subject user:*). Asked with the wildcard itself as subject, so the answer does not hang on
# Topaz's pre-condition that the subject of a check be the subject of some relation (a user who
# signed in a moment ago and holds nothing yet still reads public documents).
holds("document", object_id, "can_read") if {
	ds.check({
		"object_type": "document",
		"object_id": object_id,
		"relation": "reader",
		"subject_type": "user",
		"subject_id": "*",
	})
}

# The ids of the objects of `object_type` on which the caller holds `permission`: `holds` for every
# object at once, through graph searches instead of one check per object.
holding_ids(object_type, permission) := signed_in_holding_ids(object_type, permission) | public_ids(object_type, permission)

# The ids of the objects of `object_type` that reach the user `subject` through `relation` (Topaz's
# `ds.graph` is undefined when it finds nothing: then the set is empty).
graph_ids(object_type, relation, subject) := {r.object_id |
	some r in ds.graph({
		"object_type": object_type,
		"relation": relation,
		"subject_type": "user",
		"subject_id": subject,
	}).results
}

signed_in_holding_ids(object_type, permission) := graph_ids(object_type, permission, subject_id) if {
	signed_in
	checks_reach(object_type, permission)
} else := set()

# Topaz's check answers false for a user who is the subject of no relation (its pre-condition),
# while a graph search still finds for them what every user (`user:*`) is granted. Whether checks
# reach the caller: nothing is granted to every user, or a check of one such object holds.
checks_reach(object_type, permission) if count(graph_ids(object_type, permission, "*")) == 0

checks_reach(object_type, permission) if {
	ds.check({
		"object_type": object_type,
		"object_id": min(graph_ids(object_type, permission, "*")),
		"relation": permission,
		"subject_type": "user",
		"subject_id": subject_id,
	})
}

# The public documents, as the second rule of `holds` finds them one by one.
public_ids(object_type, permission) := {r.object_id |
	object_type == "document"
	permission == "can_read"
	some r in ds.graph({
		"object_type": "document",
		"relation": "reader",
		"subject_type": "user",
		"subject_id": "*",
	}).results
}

# The directory knows the object.
known(object_type, object_id) if {
	ds.object({"object_type": object_type, "object_id": object_id}).id == object_id
}

# Route-level rule for routes addressing one object: the caller holds `permission`, or the object
# is unknown to the directory, so that the handler can answer 404 (its relationship guard still
# checks the object it finds).
route_permits(object_type, object_id, permission) if holds(object_type, object_id, permission)

route_permits(object_type, object_id, _) if not known(object_type, object_id)
