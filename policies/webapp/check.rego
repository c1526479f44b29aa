# Relationship checks (the library's relationship flow and permission queries): `allowed` for the
# relation named in input.resource, and one decision per permission (can_read, can_write,
# can_share, can_delete) of the object named in input.resource. Location restrictions apply to
# every check. `allowed_object_ids` decides `allowed` for many objects at once (a page of a list).
package webapp.check

import data.webapp.common
import data.webapp.location
import rego.v1

default allowed := false

allowed if {
	location.permitted
	input.resource.subject_type == "user"
	common.holds(input.resource.object_type, input.resource.object_id, input.resource.relation)
}

# The ids among input.resource.object_ids for which `allowed` holds (the same input otherwise):
# what a list may show of its candidate rows, decided at once. Everything `allowed` applies
# applies here; the directory is read through one graph search per permission instead of one
# check per object.
allowed_object_ids contains object_id if {
	location.permitted
	input.resource.subject_type == "user"
	some object_id in input.resource.object_ids
	held_object_ids[object_id]
}

held_object_ids := common.holding_ids(input.resource.object_type, input.resource.relation)

default can_read := false

can_read if object_permission("can_read")

default can_write := false

can_write if object_permission("can_write")

default can_share := false

can_share if object_permission("can_share")

default can_delete := false

can_delete if object_permission("can_delete")

object_permission(permission) if {
	location.permitted
	common.holds(input.resource.object_type, input.resource.object_id, permission)
}
